#!/bin/sh
# Small READS the kernel's readahead serves are no structural pattern
# (issue 34, round 12): a record's reads nine in ten sequential, of
# 1 KiB or more on average, whose mean gap (span not read over the
# reads) is within the read-ahead window (128 KiB): the kernel already
# reads the span in large requests, so, as for sparse reads, the span
# at read_rate_mibs (256 MiB/s) is not at stake, and when they hold most
# of the small requests' time IOL-SMALL-REQ is judged by its time floors
# (1 s), not by the 4 KiB clause (5 % of the run).  main warned
# r12-sqlite-select (53363 sequential 4 KiB page reads, 196 MiB in
# 0.52 s of a 0.69 s run; labelled trivial: neither 64 KiB pages nor
# mmap was faster) and r11-sorted-pread (2 KiB records in increasing
# order, 51 KiB apart, 3.6 s; labelled trivial).  Small writes and random
# reads keep the 4 KiB clause.  The truth is awk's over `iolens parse`:
# reads, sequential reads, bytes, highest byte read, read time.  Our own
# cases (t/data/triage-trace-gen.awk and `iolens convert`): 10000 preads
# of 2 KiB every 64 KiB of 640 MiB in 3 s (info, 0.5 s beyond the span),
# the same offsets at random (warn: random 2 KiB reads); 30000
# consecutive 4 KiB reads in 0.3 s (info, none at stake: 117 MiB takes
# 0.46 s at 256 MiB/s) against 30000 such writes (warn).
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
# log: 1 when awk finds its reads served by readahead, else 0; the
# share of sequential reads in percent, the mean gap in bytes
ra() {
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '$1 == "POSIX" {
		if ($4 == "POSIX_READS") n += $5
		if ($4 == "POSIX_SEQ_READS") q += $5
		if ($4 == "POSIX_BYTES_READ") b += $5
		if ($4 == "POSIX_MAX_BYTE_READ") e += $5 + 1 }
		END { g = e > b && n > 0 ? int((e - b) / n) : 0
		      r = n >= 2 && b / n >= 1024 && q >= n - int(n / 10) && g <= 131072
		      printf "%d %.0f %d\n", r, (n ? 100 * q / n : 0), g }'
}
tri() { $RUN triage --all --format tsv "$1" >"$TMP/t.tsv" 2>/dev/null; }

D=$TOP/t/data
for c in round12/r12-sqlite-select round11/r11-sorted-pread; do
	L=$D/triage-$c.darshan
	b=$(basename "$L" .darshan)
	set -- $(ra "$L")
	tri "$L"
	is "$1 $(col "$TMP/t.tsv" IOL-SMALL-REQ 3) $(col "$TMP/t.tsv" IOL-IO-TIME 3)" "1 info info" \
		"$b: readahead (awk: $2 % sequential, gaps $3 B): SMALL-REQ and IO-TIME info (main: warn)"
done
col "$TMP/t.tsv" IOL-SMALL-REQ 8 | grep -Eq "MiB/s not saved; read ahead: by time[;)]"
ok $? "... the detail says readahead serves them"
# round 6's sqlite-points: random page reads, labelled material
L=$D/triage-round6/r6-sqlite-points.darshan
set -- $(ra "$L")
tri "$L"
is "$1 $(col "$TMP/t.tsv" IOL-SMALL-REQ 3)" "0 warn" "r6-sqlite-points: random (awk: $2 % sequential): SMALL-REQ still warn"

G=$TOP/t/data/triage-trace-gen.awk
gen() { # name spec
	awk -f "$G" "$2" >"$TMP/$1.trace"
	$RUN convert -o "$TMP/$1.darshan" "$TMP/$1.trace" 2>/dev/null
}
gen gap g.dat:gap:10000:2048:671088640:0.0003
gen rand r.dat:rand:10000:2048:671088640:0.0003
gen seqr q.dat:seq:30000:4096:0:0.00001
gen seqw w.dat:write:30000:4096:0:0.00001
for c in gap:1:info:0.500 rand:0:warn:0.500 seqr:1:info:0 seqw:0:warn:0.300; do
	k=${c%%:*} want=${c#*:}
	set -- $(ra "$TMP/$k.darshan")
	tri "$TMP/$k.darshan"
	st=$(col "$TMP/t.tsv" IOL-SMALL-REQ 10)
	[ "$st" = 0 ] || st=$(printf '%.3f' "$st")
	is "$1:$(col "$TMP/t.tsv" IOL-SMALL-REQ 3):$st" "$want" "own $k: readahead $1 (awk: $2 % sequential, gaps $3 B), SMALL-REQ $(echo "$want" | cut -d: -f2), $(echo "$want" | cut -d: -f3) s at stake"
done
done_testing
