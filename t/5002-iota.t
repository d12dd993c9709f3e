#!/bin/sh
# Iota traces ("task start elapse offset op ret path-or-fd [lustre]"),
# made from our real strace traces by t/strace2iota: the same answers as
# the strace traces they come from, liberal input, bad input.
. "$(dirname "$0")/lib.sh"

tsvcol() {
	awk -F'\t' -v want="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next } { print $c }'
}
CONV=$TOP/t/strace2iota

# dd: the same files, bytes and operations as from strace
xz -dc "$SAMPLES"/nonmpi/strace/dd_bigfile/trace.txt.xz > "$TMP/dd.strace"
"$CONV" 0 < "$TMP/dd.strace" > "$TMP/dd.iota"
$RUN files --format tsv "$TMP/dd.iota" | cut -f2,3,6-9 > "$TMP/a"
$RUN files --format tsv "$TMP/dd.strace" | cut -f2,3,6-9 > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b"
ok $? "dd: files, bytes and operation counts equal the strace trace's"
is "$($RUN summary --format tsv "$TMP/dd.iota" | tsvcol source)" iota "the source is named iota"

# IOR: one task per rank, in one file
for r in 0 1 2 3; do
	xz -dc "$SAMPLES"/ior/strace_ior_posix_n1_t4m/trace.rank$r.txt.xz | "$CONV" $r
done > "$TMP/ior.iota"
$RUN files --format tsv --include '/testfile$' "$TMP/ior.iota" > "$TMP/t"
is "$(tsvcol bytes_written < "$TMP/t") $(tsvcol bytes_read < "$TMP/t")" "268435456 268435456" \
	"IOR: 268435456 bytes written and read"
is "$(tsvcol ranks < "$TMP/t")" 4 "IOR: 4 tasks are 4 ranks"
$RUN timeline --phases --format tsv "$TMP/ior.iota" | awk -F'\t' '$3 == "rank"' | wc -l > "$TMP/n"
[ "$(cat "$TMP/n")" -ge 8 ]
ok $? "IOR: a write and a read phase for every rank"

# liberal: tabs and runs of blanks, a Lustre field, comments, an unknown op
{
	echo "# a comment"
	printf '0\t10.000000\t0.001\t0\topen\t3\t/lus/a/f\tstripe_size=1048576,stripe_count=4\n'
	echo "0   10.002   0.002   0   write   4096   3"
	echo "0 10.005 0.001 4096 write 4096 3"
	echo "0 10.007 0.001 0 fancyop 0 3"
	echo "0 10.008 0.001 0 fancyop 0 3"
	echo "0 10.009 0.001 0 close 0 3"
} > "$TMP/lib.iota"
$RUN files --format tsv "$TMP/lib.iota" > "$TMP/f" 2> "$TMP/err"
is $? 0 "tabs, blank runs, a Lustre field and comments are accepted"
is "$(tsvcol bytes_written < "$TMP/f") $(tsvcol writes < "$TMP/f")" "8192 2" "two writes of 4096 bytes"
is "$(grep -c fancyop "$TMP/err")" 1 "an unknown operation is reported once"
is "$(tsvcol pct_sequential < "$TMP/f")" 100 "consecutive writes are sequential"

# bad input
{ head -3 "$TMP/dd.iota"; echo "0 1.0 not-a-number 0 read 1 3"; } > "$TMP/bad.iota"
$RUN summary "$TMP/bad.iota" > /dev/null 2> "$TMP/err"
is $? 1 "a malformed line: exit 1"
grep -q "line 4" "$TMP/err"
ok $? "naming the line"
$RUN summary --lenient "$TMP/bad.iota" > /dev/null 2>&1
is $? 0 "--lenient skips it"
done_testing
