#!/bin/sh
# parse --dxt hands the inflate buffer holding a record's segments to
# the DXT pipeline (iol_modrd_segs_take) and goes on in a spare block of
# the pipeline's; a log that lies about its segment counts or whose
# compressed DXT region is damaged mid-record must end in one line of
# error, exit 1, with the records before it printed as the sound log
# prints them and the same bytes at 1, 2 and 3 threads: never a crash,
# a double free or a leak (run under SANITIZE=1 or VALGRIND=1 for the
# ownership of the buffers on each error path).  The IOR log of
# t/0980, its first DXT_POSIX record counts 4,096 writes and 4,096
# reads of 40 bytes; 4 records.
. "$(dirname "$0")/lib.sh"
command -v python3 > /dev/null || skip_all "python3 is not installed"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
[ -f "$LOG" ] || skip_all "no bundled IOR log"
cd "$TMP" || exit 1
$IOLENS parse --dxt --threads 1 "$LOG" > good.txt 2> /dev/null
is "$(grep -c '^ *X_POSIX' good.txt)" 32768 "the sound log: 32,768 DXT lines"

# raw NAME OFFSET HEX: the log stored raw, HEX at OFFSET of DXT_POSIX
raw() { python3 "$TOP/t/darshan-raw.py" "$LOG" "$1.darshan" 10 "$2" "$3"; }
rec=327784 # 104 bytes of header, 8,192 segments of 40
raw first-big 88 8813000000000000            # 5,000 writes
raw first-neg 88 ffffffffffffffff            # -1 writes
raw first-huge 96 0000000000010000           # 2^40 reads
raw second-big $((rec + 88)) ffff000000000000 # 65,535 writes
raw last-big $((3 * rec + 96)) 0110000000000000 # 4,097 reads
# flip NAME OFFSET: 16 bytes of the zlib log's DXT_POSIX stream damaged
flip() {
	python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read())
for k in range(16): d[int(sys.argv[3]) + k] ^= 0x5a
open(sys.argv[2], "wb").write(d)' "$LOG" "$1.darshan" "$2"
}
flip zlib-60k 60000  # in the second record
flip zlib-210k 210000 # in the last

# NAME:LINES, LINES the DXT lines of the records before the damage (a
# first record that claims more writes is printed as stored, as
# darshan-parser prints it, its reads taken for writes: not checked)
for v in first-big: first-neg:0 first-huge:0 second-big:8192 last-big:24576 \
	zlib-60k:8192 zlib-210k:24576; do
	name=${v%%:*} want=${v#*:}
	for t in 1 2 3; do
		$RUN parse --dxt --threads "$t" "$name.darshan" > "$name.$t" 2> err
		st=$?
		is "$st:$(wc -l < err | tr -d ' ')" 1:1 "$name, $t threads: exit 1, one line: $(cat err)"
	done
	grep -q "^iolens parse: cannot read '$name.darshan': corrupt" err
	ok $? "$name: said corrupt"
	cmp -s "$name.1" "$name.2" && cmp -s "$name.1" "$name.3"
	ok $? "$name: the same text at 1, 2 and 3 threads"
	[ -n "$want" ] || continue
	grep '^ *X_POSIX' good.txt | head -n "$want" > head.txt
	grep '^ *X_POSIX' "$name.1" | cmp -s - head.txt
	ok $? "$name: the sound log's first $want DXT lines, no more"
done
done_testing
