#!/bin/sh
# After a DXT record of 4 MiB or more, parse --dxt waits for its lines and
# has the reader go on in that record's block (iol_modrd_segs_spare): the
# hostile logs of t/0986 never reach that path (their blocks are 320 KB).
# Here t/0991's two ranks (records a0, b0, a1, b1; a0 and a1 5.6 MB),
# stored raw (t/darshan-raw.py), lie about a count after a0: each must end
# in one line of error and exit 1, with the sound log's lines before the
# lie and the same text at 1, 2, 3 and 7 threads.  Under SANITIZE=1 or
# VALGRIND=1 this also checks the swapped buffers' ownership.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 is not installed"
cd "$TMP" || exit 1

. "$TOP/t/dxt-two-ranks.sh"
two_rank_trace .
$IOLENS convert -o v1.darshan rank0.txt rank1.txt 2>/dev/null &&
	python3 "$TOP/t/dxt-v2.py" v1.darshan v2.darshan
is $? 0 "two ranks of 154,000 calls, DXT_POSIX version 2"
$IOLENS parse --dxt --threads 1 v2.darshan 2>/dev/null | grep '^ *X_POSIX' >good.txt
is "$(wc -l <good.txt | tr -d ' ')" 308000 "the sound log: 308,000 DXT lines"

A=5600104 # a record: 104 bytes of header, 140,000 segments of 40
B=560104  # b: 14,000 segments
raw() { python3 "$TOP/t/darshan-raw.py" v2.darshan "$1.darshan" 10 "$2" "$3"; }
raw b0-neg $((A + 88)) ffffffffffffffff  # -1 writes
raw a1-huge $((A + B + 96)) 0000000000010000 # 2^40 reads
raw b1-more $((2 * A + B + 96)) 0100000000000000 # one read more

# NAME:LINES:MESSAGE, LINES the sound log's lines before the lie
for v in "b0-neg:140000:record with impossible segment counts -1/0" \
	"a1-huge:154000:record with impossible segment counts 140000/1099511627776" \
	"b1-more:294000:region ends inside record 4"; do
	name=${v%%:*} rest=${v#*:}
	want=${rest%%:*} why=${rest#*:}
	for t in 1 2 3 7; do
		$RUN parse --dxt --threads $t "$name.darshan" >"$name.$t" 2>err
		is "$?:$(cat err)" "1:iolens parse: cannot read '$name.darshan': corrupt log: DXT_POSIX $why" \
			"$name, --threads $t: exit 1, one line"
	done
	cmp -s "$name.1" "$name.2" && cmp -s "$name.1" "$name.3" &&
		cmp -s "$name.1" "$name.7"
	ok $? "$name: the same text at 1, 2, 3 and 7 threads"
	head -n "$want" good.txt >head.txt
	grep '^ *X_POSIX' "$name.1" | cmp -s - head.txt
	ok $? "$name: the sound log's first $want DXT lines, no more"
done
done_testing
