#!/bin/sh
# A DXT record whose segments run past the end of its region is named by
# its number in the message: the record whose segments were cut, not the
# one after it (the record is counted once its header is read, and the
# message said one more).  The IOR log of t/0980 stored raw (t/0986),
# four DXT_POSIX records of 8,192 segments of 40 bytes; the second or
# the last claims more segments than the region holds.  At 1, 2 and 3
# threads.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
[ -f "$LOG" ] || skip_all "no bundled IOR log"
cd "$TMP" || exit 1

rec=327784 # 104 bytes of header, 8,192 segments of 40
raw() { python3 "$TOP/t/darshan-raw.py" "$LOG" "$1.darshan" 10 "$2" "$3"; }
raw second $((rec + 88)) ffff000000000000     # 65,535 writes
raw last $((3 * rec + 96)) 0110000000000000   # 4,097 reads

for v in second:2 last:4; do
	name=${v%%:*} want=${v#*:}
	for t in 1 2 3; do
		$RUN parse --dxt --threads $t "$name.darshan" >/dev/null 2>err
		is "$?:$(cat err)" "1:iolens parse: cannot read '$name.darshan': corrupt log: DXT_POSIX region ends inside record $want" \
			"$name, --threads $t: record $want named"
	done
done
done_testing
