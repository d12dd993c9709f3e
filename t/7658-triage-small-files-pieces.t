#!/bin/sh
# IOL-SMALL-FILES: a file storm is many files, not many opens of a few
# (issue 34, round 108).  r108-sweepsync: a sweep's tracker opens each
# trial's progress.csv (8 files), appends one 28-B line and closes it,
# every step, on a sync mount: 2448 opens, 2426 writes, 14.84 s of
# write time of a 17 s run.  Main counted the 24 created files and
# staked the appends' 15 s as a storm's ("25 files/proc, 15 s at
# stake", warn; labelled false: the cost is the synchronous one-line
# writes, SMALL-REQ's, and packing 8 files into one keeps every open and
# every write).  Now the job-row field small_file_time leaves out a
# file a process opened storm_reopens (10) times or more moving under
# half of it an open on average (a piece file), so SMALL-FILES stakes
# the files' metadata and no finding follows; SMALL-REQ still warns.
# The truth is awk's over `iolens parse`.  Crafted traces show the line:
# 30 files opened 20 times each to append a line (pieces, the storm's
# 6 s gone), and 30 files of 4 KiB written once and read whole at 19
# more opens (a loader's epochs: no piece, the storm and its 6 s stay).
. "$(dirname "$0")/lib.sh"
DUMP=$TOP/t/unit/jobrow-dump
field() { # log name: the job-row field's value
	"$DUMP" "$1" | awk -F'\t' -v k="$2" '$1 == k { print $2 }'
}
sev() { awk -F'\t' -v c="$2" '$2 == c { print $3 }' "$1"; }
# log (one process): piece files, the small files' seconds without them
smallf() {
	$RUN parse "$1" 2>/dev/null | awk '
	/^# nprocs:/ { np = $3 }
	$1 == "POSIX" || $1 == "STDIO" { k = $1 " " $2 " " $3; m[k] = $1; v[k, $4] = $5 }
	END {
		if (np != 1) { print "nprocs", np; exit }
		for (k in m) {
			p = m[k]; mr = v[k, p "_MAX_BYTE_READ"]; mw = v[k, p "_MAX_BYTE_WRITTEN"]
			hi = mr > mw ? mr : mw
			if (hi == "" || hi < 0 || hi >= 65536) continue
			op = v[k, p "_OPENS"] + v[k, p "_FDOPENS"]
			mv = v[k, p "_BYTES_READ"] + v[k, p "_BYTES_WRITTEN"]
			if (op >= 10 && mv < op * (hi + 1) / 2) { n++; continue }
			t += v[k, p "_F_READ_TIME"] + v[k, p "_F_WRITE_TIME"]
		}
		printf "%d %.3f\n", n, t }'
}
# piece_trace FILE: 30 files, 20 steps, each step opens each file O_APPEND,
# seeks to its end, writes a 28-B line (10 ms) and closes it
piece_trace() {
	awk 'function ts(t) { return sprintf("12:%02d:%02d.%06d", int(t / 60), int(t) % 60, (t - int(t)) * 1e6 + 0.5) }
	BEGIN { pid = 6000; t = 0
		for (s = 0; s < 20; s++)
			for (f = 0; f < 30; f++) {
				printf "%d %s openat(AT_FDCWD, \"/data/p/f%02d.csv\", O_WRONLY|O_CREAT|O_APPEND, 0644) = 3 <0.000200>\n", pid, ts(t), f
				t += 0.0003
				printf "%d %s lseek(3, 0, SEEK_END) = %d <0.000002>\n", pid, ts(t), 28 * s
				t += 0.00001
				printf "%d %s write(3, \"step\"..., 28) = 28 <0.010000>\n", pid, ts(t)
				t += 0.0101
				printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t)
				t += 0.0002
			} }' >"$1"
}
# whole_trace FILE: 30 files of 4 KiB, each written once, then read
# whole (a 4 KiB read of 10 ms and the EOF read) at 19 more opens
whole_trace() {
	awk 'function ts(t) { return sprintf("12:%02d:%02d.%06d", int(t / 60), int(t) % 60, (t - int(t)) * 1e6 + 0.5) }
	BEGIN { pid = 6001; t = 0
		for (f = 0; f < 30; f++) {
			printf "%d %s openat(AT_FDCWD, \"/data/w/f%02d.bin\", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3 <0.000200>\n", pid, ts(t), f
			t += 0.0003
			printf "%d %s write(3, \"data\"..., 4096) = 4096 <0.010000>\n", pid, ts(t)
			t += 0.0101
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t)
			t += 0.0002
		}
		for (s = 1; s < 20; s++)
			for (f = 0; f < 30; f++) {
				printf "%d %s openat(AT_FDCWD, \"/data/w/f%02d.bin\", O_RDONLY) = 3 <0.000200>\n", pid, ts(t), f
				t += 0.0003
				printf "%d %s read(3, \"data\"..., 4096) = 4096 <0.010000>\n", pid, ts(t)
				t += 0.0101
				printf "%d %s read(3, \"\", 4096) = 0 <0.000002>\n", pid, ts(t)
				t += 0.00001
				printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t)
				t += 0.0002
			} }' >"$1"
}

f=$TOP/t/data/triage-round108/r108-sweepsync.darshan
set -- $(smallf "$f")
is "$1 $2" "8 0.117" "r108-sweepsync: awk: 8 piece files (progress.csv), 0.117 s in the other small files"
is "$(printf '%.3f' "$(field "$f" small_file_time)")" "$2" "r108-sweepsync: small_file_time is awk's $2 s"
$RUN triage --all --format tsv "$f" >"$TMP/t.tsv" 2>/dev/null
s=$(sev "$TMP/t.tsv" IOL-SMALL-FILES)
ok "$( [ "$s" != warn ] && [ "$s" != high ]; echo $?)" "r108-sweepsync: SMALL-FILES is no finding ($s; main: warn, 15 s)"
is "$(sev "$TMP/t.tsv" IOL-SMALL-REQ)" warn "r108-sweepsync: SMALL-REQ still warns (the one-line writes)"

for n in piece whole; do
	${n}_trace "$TMP/$n.txt"
	$RUN convert -o "$TMP/$n.darshan" "$TMP/$n.txt" 2>"$TMP/err"
	is $? 0 "$n: convert the trace"
	set -- $(smallf "$TMP/$n.darshan")
	want=$( [ "$n" = piece ] && echo "30 0.000" || echo "0 6.001")
	is "$1 $2" "$want" "$n: awk: piece files and the other small files' seconds"
	is "$(printf '%.3f' "$(field "$TMP/$n.darshan" small_file_time)")" "$2" "$n: small_file_time is awk's $2 s"
	$RUN triage --all --format tsv "$TMP/$n.darshan" >"$TMP/$n.tsv" 2>/dev/null
	is "$(sev "$TMP/$n.tsv" IOL-SMALL-REQ)" warn "$n: SMALL-REQ warns"
	s=$(sev "$TMP/$n.tsv" IOL-SMALL-FILES)
	if [ "$n" = piece ]; then
		ok "$( [ "$s" != warn ] && [ "$s" != high ]; echo $?)" \
			"piece: 30 files appended a line an open are no storm at stake ($s; main: warn, 6.13 s)"
	else
		is "$s" warn "whole: 30 files read whole at each open keep their storm's 6 s"
	fi
done
done_testing
