#!/bin/sh
# A float counter's limit, as the job's loader checks it since speed37:
# the bits of each float without its sign against those of 1e9, in one
# pass, with the counters read straight into the job's memory (no copy
# of the record first).  At the edges: 1e9 and -1e9 and -0 are read, the
# next doubles beyond either are refused as beyond a billion seconds,
# the largest finite one too, and a NaN with its sign bit set is not a
# number (t/7439: NaN, -inf and 1.44e9).  The log is the bundled IOR
# log stored raw by t/darshan-raw.py with its first POSIX float changed.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)
[ -f "$LOG" ] || skip_all "no bundled IOR log"

# POSIX_F_OPEN_START_TIMESTAMP: after the id, the rank and 69 integers
off=$((16 + 8 * 69))
field="POSIX record 7113693875921166738 of rank -1: POSIX_F_OPEN_START_TIMESTAMP"
for v in "0000000065cdcd41:0:1e9" "0000000065cdcdc1:0:-1e9" \
	"0000000000000080:0:-0" \
	"0100000065cdcd41:1:beyond a billion seconds" \
	"0100000065cdcdc1:1:beyond a billion seconds" \
	"ffffffffffffef7f:1:beyond a billion seconds" \
	"010000000000f8ff:1:not a number"; do
	hex=${v%%:*} rest=${v#*:}
	rc=${rest%%:*} what=${rest#*:}
	python3 "$TOP/t/darshan-raw.py" "$LOG" "$TMP/f.darshan" 1 "$off" "$hex"
	$IOLENS summary "$TMP/f.darshan" >"$TMP/out" 2>"$TMP/err"
	if [ "$rc" = 0 ]; then
		is "$?:$(cat "$TMP/err")" "0:" "$hex ($what): read"
	else
		is "$?:$(cat "$TMP/err")" "1:iolens summary: cannot read '$TMP/f.darshan': corrupt log: $field is $what" \
			"$hex: $what, in one line"
	fi
done
$IOLENS parse "$TMP/f.darshan" | grep -q 'POSIX_F_OPEN_START_TIMESTAMP'
ok $? "parse prints the log it refuses"
done_testing
