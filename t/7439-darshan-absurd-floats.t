#!/bin/sh
# A float counter no Darshan writer makes (not a number, infinite, or a
# time beyond a billion seconds) is refused by every analysis as corrupt,
# in one line naming the record and the counter, exit 1: its sums and
# details would print "nan" and "inf" and 300-digit seconds.  parse prints
# the counter as it is (as darshan-parser does).  The logs are the bundled
# IOR log stored raw by t/darshan-raw.py with one counter changed.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)
[ -f "$LOG" ] || skip_all "no bundled IOR log"

# the POSIX record's first float counter is after the id, the rank and
# its integer counters, as parse lists them
nint=$($IOLENS parse "$LOG" | awk -F'\t' '$1 == "POSIX" {
	if (id == "") id = $3; if ($3 == id && $4 !~ /_F_/) n++ } END { print n }')
is "$nint" 69 "the POSIX record has 69 integer counters"
off=$((16 + 8 * nint + 8 * 3))	# POSIX_F_CLOSE_START_TIMESTAMP

python3 "$TOP/t/darshan-raw.py" "$LOG" "$TMP/raw.darshan"
$IOLENS summary "$TMP/raw.darshan" >"$TMP/a" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the log stored raw reads"
cp "$LOG" "$TMP/zlib.darshan"
$IOLENS summary "$TMP/zlib.darshan" | sed 1d >"$TMP/b"
sed 1d "$TMP/a" | cmp -s - "$TMP/b"
ok $? "... with the same summary as the log it was (its first line, the path, aside)"

for v in "000000000000f87f:not a number" "000000000000f0ff:infinite" \
	"0000000065cdd541:beyond a billion seconds"; do
	hex=${v%%:*} what=${v#*:}
	python3 "$TOP/t/darshan-raw.py" "$LOG" "$TMP/bad.darshan" 1 "$off" "$hex"
	for cmd in summary triage files "report -o $TMP/r.pdf" timeline; do
		# shellcheck disable=SC2086
		$RUN $cmd "$TMP/bad.darshan" >"$TMP/out" 2>"$TMP/err"
		is "$?" 1 "$what, $cmd: exit 1"
		is "$(cat "$TMP/err")" "iolens ${cmd%% *}: cannot read '$TMP/bad.darshan': corrupt log: POSIX record 7113693875921166738 of rank -1: POSIX_F_CLOSE_START_TIMESTAMP is $what" \
			"... one line naming the record and the counter"
	done
	$IOLENS parse "$TMP/bad.darshan" >"$TMP/out" 2>"$TMP/err"
	is "$?" 0 "$what: parse prints the log"
done
rm -f "$TMP/s.db"
$IOLENS ingest --db "$TMP/s.db" "$TMP/bad.darshan" "$TMP/raw.darshan" >"$TMP/out" 2>"$TMP/err"
is "$?" 1 "ingest: exit 1 for the log it refused"
is "$($IOLENS jobs --db "$TMP/s.db" --format csv | tail -n +2 | wc -l | tr -d ' ')" 1 \
	"... and the sound log is in the store"
done_testing
