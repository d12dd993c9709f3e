#!/bin/sh
# Absurd values in traces are bad input: our real dd trace (strace -f -tt
# -T, and -ttt) with one absurd line put in as line 21 — a time of 3e29 s,
# an hour of 10^20, negative, infinite and huge durations, a huge pid,
# descriptor, byte count and offset.  Read strictly: exit 1 and one line
# naming line 21 and what is wrong.  With --lenient: exit 0, the line
# skipped and said so, and every file's figures those of the trace
# without it.  <unfinished ...> chains are not bad: they load.
. "$(dirname "$0")/lib.sh"

xz -dc "$SAMPLES/nonmpi/strace/dd_bigfile/trace.txt.xz" > "$TMP/tt"
xz -dc "$SAMPLES/nonmpi/strace-ttt/dd_bigfile/trace.txt.xz" > "$TMP/ttt"
for k in tt ttt; do
	$RUN files --format tsv --merge-traces "$TMP/$k" > "$TMP/out" 2>&1
	ok $? "the $k trace loads"
	cut -f2- "$TMP/out" > "$TMP/$k.files" # the log column names the file
done

# put line $2 in as line 21 of trace $1, into $TMP/in
inject() {
	{ head -n 20 "$TMP/$1"; printf '%s\n' "$2"; tail -n +21 "$TMP/$1"; } > "$TMP/in"
}

# kind|trace|line|what the message says
while IFS='|' read -r kind tr line why; do
	inject "$tr" "$line"
	$RUN files --format tsv --merge-traces "$TMP/in" > /dev/null 2> "$TMP/err"
	rc=$?
	is "$rc $(wc -l < "$TMP/err")" "1 1" "$kind: strict read exits 1 with one line"
	grep -Eq "line 21(: | )$why\$" "$TMP/err"
	ok $? "$kind: the message names line 21: $why"
	[ $? = 0 ] || sed 's/^/# /' "$TMP/err"
	$RUN files --format tsv --merge-traces --lenient "$TMP/in" 2> "$TMP/err" |
		cut -f2- > "$TMP/out"
	is "$(cat "$TMP/err")" \
		"iolens files: warning: '$TMP/in': 1 unparsable lines skipped" \
		"$kind: --lenient skips the line and says so"
	cmp -s "$TMP/out" "$TMP/$tr.files"
	ok $? "$kind: --lenient gives the figures of the trace without the line"
done <<'LINES'
time 3e29 s|ttt|17022 3e29 read(0, "", 4096) = 0 <0.000004>|time out of range
time inf|ttt|17022 inf read(0, "", 4096) = 0 <0.000004>|is not strace output
hour 10^20|tt|17022 99999999999999999999:11:23.467300 read(0, "", 4096) = 0 <0.000004>|time of day out of range
negative duration|tt|17022 22:11:23.467300 read(0, "", 4096) = 0 <-0.5>|negative duration
huge duration|tt|17022 22:11:23.467300 read(0, "", 4096) = 0 <1e300>|duration out of range
infinite duration|tt|17022 22:11:23.467300 read(0, "", 4096) = 0 <inf>|duration out of range
huge pid|tt|99999999999999999999 22:11:23.467300 read(0, "", 4096) = 0 <0.000004>|process id out of range
huge descriptor|tt|17022 22:11:23.467300 read(99999999999, "x", 1) = 1 <0.000004>|descriptor out of range
huge directory descriptor|tt|17022 22:11:23.467300 openat(99999999999, "x", O_RDONLY) = 3 <0.000004>|descriptor out of range
huge descriptor to fchdir|tt|17022 22:11:23.467300 fchdir(99999999999) = 0 <0.000004>|descriptor out of range
huge byte count|tt|17022 22:11:23.467300 read(0, "x", 9223372036854775807) = 9223372036854775807 <0.000004>|byte count out of range
huge offset|tt|17022 22:11:23.467300 pread64(0, "x", 1, 9223372036854775807) = 1 <0.000004>|file offset out of range
LINES

# Iota: the same checks on its fields (made from the dd trace)
"$TOP/t/strace2iota" 0 < "$TMP/tt" > "$TMP/iota"
$RUN files --format tsv "$TMP/iota" 2>&1 | cut -f2- > "$TMP/iota.files"
while IFS='|' read -r kind line why; do
	inject iota "$line"
	$RUN files --format tsv "$TMP/in" > /dev/null 2> "$TMP/err"
	is "$? $(wc -l < "$TMP/err")" "1 1" "Iota $kind: strict read exits 1 with one line"
	grep -q "line 21: $why\$" "$TMP/err"
	ok $? "Iota $kind: the message names line 21: $why"
	$RUN files --format tsv --lenient "$TMP/in" 2> "$TMP/err" | cut -f2- > "$TMP/out"
	cmp -s "$TMP/out" "$TMP/iota.files"
	ok $? "Iota $kind: --lenient gives the figures of the trace without the line"
done <<'LINES'
time 3e29 s|0 3e29 0.000004 -1 read 0 0|time out of range
negative elapse|0 1.5 -0.5 -1 read 0 0|negative duration
huge elapse|0 1.5 1e300 -1 read 0 0|duration out of range
huge task|99999999999 1.5 0.1 -1 read 0 0|task out of range
huge byte count|0 1.5 0.1 0 read 9223372036854775807 0|byte count out of range
LINES

# unfinished calls left hanging, resumed twice, resumed never begun
inject tt '17022 22:11:23.467300 read(0,  <unfinished ...>
17022 22:11:23.467301 read(0,  <unfinished ...>
17022 22:11:23.467302 <... read resumed>"", 4096) = 0 <0.000004>
17022 22:11:23.467303 <... read resumed>"", 4096) = 0 <0.000004>
17022 22:11:23.467304 <... close resumed>) = 0 <0.000004>
17022 22:11:23.467305 write(1,  <unfinished ...>'
$RUN files --format tsv --merge-traces "$TMP/in" 2> "$TMP/err" | cut -f2- > "$TMP/out"
is "$(cat "$TMP/err")" "" "<unfinished ...> chains load without complaint"
cmp -s "$TMP/out" "$TMP/tt.files"
ok $? "... and leave every file's figures as they were"

done_testing
