#!/bin/sh
# IOL-REDUNDANT: each rank's first open of a file is no reopen (issue 34:
# the same verdict for the same job).  r36-applog-each's 4 ranks open
# one log once each with O_APPEND and append 78-byte lines.  Darshan
# keeps each descriptor's offset from 0 (O_APPEND is in no counter:
# POSIX_MODE is the permission bits, and DXT's offsets are Darshan's own
# count), so the appends read as 4 ranks rewriting one another's bytes;
# their time is SMALL-REQ's, but REDUNDANT also staked 3 of the 4 opens
# as "the reopens of the passes rewriting a file", 0.12-0.79 s with the
# load: warn in one rerun, info in the others.  Here a crafted pair of
# runs of that job, converted from strace text, whose only difference
# is the opens' time (0.05 s, then 1.5 s, as on a loaded metadata
# server): REDUNDANT must not warn in either, and the two get the same
# verdict.  A file one rank rewrites pass after pass, each pass its own
# open, still pays the reopens (3 of 4 opens of 0.5 s, and its writes).
. "$(dirname "$0")/lib.sh"

# app_trace DIR OPEN_S: rank0.txt .. rank3.txt in DIR
app_trace() {
	for r in 0 1 2 3; do
		awk -v r="$r" -v os="$2" '
		function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
		BEGIN {
			pid = 4000 + r
			printf "%d %s openat(AT_FDCWD, \"/data/app.log\", O_WRONLY|O_CREAT|O_APPEND, 0644) = 3 <%.6f>\n", pid, ts(0), os
			for (i = 0; i < 400; i++)
				printf "%d %s write(3, \"line\"..., 78) = 78 <0.010000>\n", pid, ts(os + 0.001 + 0.0125 * i)
			printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(os + 5.1)
		}' >"$1/rank$r.txt"
	done
}
verdict() {
	awk -F'\t' '$3 == "warn" || $3 == "high" { print $2 }' "$1" | sort | tr '\n' ' '
}

for run in a:0.05 b:1.5; do
	d=${run%%:*}
	mkdir -p "$TMP/$d"
	app_trace "$TMP/$d" "${run#*:}"
	$RUN convert -o "$TMP/$d.darshan" "$TMP/$d"/rank*.txt 2>"$TMP/err"
	is $? 0 "run $d: convert the 4 ranks' trace"
	# the log's own counters: 4 ranks, each opened app.log once
	is "$($RUN parse "$TMP/$d.darshan" | awk '$1 == "POSIX" && $4 == "POSIX_OPENS" && $6 == "/data/app.log" { n++; o += $5 } END { print n + 0, o + 0 }')" \
		"4 4" "run $d: parse: 4 ranks' records of app.log, 4 opens in all"
	$RUN triage --all --format tsv "$TMP/$d.darshan" >"$TMP/$d.tsv" 2>"$TMP/err"
	is $? 0 "run $d: triage"
	sev=$(awk -F'\t' '$2 == "IOL-REDUNDANT" { print $3 }' "$TMP/$d.tsv")
	ok "$( [ "$sev" != warn ] && [ "$sev" != high ]; echo $?)" \
		"run $d: REDUNDANT is no finding ($sev)"
	awk -F'\t' '$2 == "IOL-REDUNDANT"' "$TMP/$d.tsv" | grep -q 'reopens'
	ok "$((! $?))" "run $d: no reopens staked"
done
is "$(verdict "$TMP/a.tsv")" "$(verdict "$TMP/b.tsv")" \
	"the two runs get the same verdict ($(verdict "$TMP/a.tsv"))"

# one rank rewriting /data/cfg in 4 passes, each its own open of 0.5 s
mkdir -p "$TMP/c"
awk 'function ts(t) { return sprintf("12:00:%02d.%06d", int(t), (t - int(t)) * 1e6 + 0.5) }
BEGIN { pid = 5000; t = 0
	for (p = 0; p < 4; p++) {
		printf "%d %s openat(AT_FDCWD, \"/data/cfg\", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3 <0.500000>\n", pid, ts(t)
		t += 0.5
		for (i = 0; i < 16; i++) {
			printf "%d %s pwrite64(3, \"x\"..., 65536, %d) = 65536 <0.010000>\n", pid, ts(t), i * 65536
			t += 0.011
		}
		printf "%d %s close(3) = 0 <0.000010>\n", pid, ts(t)
		t += 0.01
	} }' >"$TMP/c/rank0.txt"
$RUN convert -o "$TMP/c.darshan" "$TMP/c/rank0.txt" 2>"$TMP/err"
is $? 0 "passes: convert"
$RUN triage --all --format tsv "$TMP/c.darshan" >"$TMP/c.tsv" 2>"$TMP/err"
awk -F'\t' '$2 == "IOL-REDUNDANT"' "$TMP/c.tsv" | grep -q 'with the reopens of the passes'
ok $? "passes: the reopens are staked"
# 3 reopens of 0.5 s and the 48 rewritten writes of 10 ms
is "$(awk -F'\t' '$2 == "IOL-REDUNDANT" { printf "%s %.2f", $3, $10 }' "$TMP/c.tsv")" "warn 1.98" \
	"passes: REDUNDANT warns, 1.5 s of reopens and 0.48 s of writes at stake"
done_testing
