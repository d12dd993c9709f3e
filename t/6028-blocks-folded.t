#!/bin/sh
# iolens blocks --format=folded: folded stacks for flamegraph.pl and
# speedscope, each block's own I/O time in ns (--by-bytes: bytes) after
# its call path, the lines keeping their numbers; and the machine formats
# carry every column of the text (random, small, procs) and the call
# path as a key that does not depend on the sort (issue 33).
# t/data/blocks-rank/rank.trace: main() calls bulk (1 MiB, 10 ms), chatty
# (20 writes of 10 B, 20.01 ms) and syncer (500 ms); worker() reads for
# 900 ms.
. "$(dirname "$0")/lib.sh"

R=$TOP/t/data/blocks-rank/rank.trace
mkdir -p "$XDG_CACHE_HOME/iolens"
echo "0 0" > "$XDG_CACHE_HOME/iolens/strace-overhead"

$RUN blocks --format=folded "$R" > "$TMP/f" 2> /dev/null
is "$?:$(cat "$TMP/f")" "0:main();bulk() 10000000
main();chatty() 20010000
main();syncer() 500000000
worker() 900000000" "folded: a line per block with time of its own, in ns"
is "$(awk '{ s += $NF } END { print s }' "$TMP/f")" 1430010000 "... adding up to the job's I/O time"
is "$($RUN blocks --format=folded --by-bytes "$R" 2> /dev/null | tr '\n' '|')" \
	"main();bulk() 1048576|main();chatty() 200|" "--by-bytes: bytes"
$RUN blocks -o "$TMP/x.folded" "$R" 2> /dev/null
cmp -s "$TMP/x.folded" "$TMP/f"
ok $? "-o FILE.folded is the folded format"
$RUN blocks --format=folded -o "$TMP/x.csv" "$R" > /dev/null 2>&1
is "$?" 2 "--format folded with -o x.csv: usage error"

$RUN blocks --format=csv --sort bytes "$R" > "$TMP/b.csv" 2> /dev/null
$RUN blocks --format=csv --sort time "$R" > "$TMP/t.csv" 2> /dev/null
is "$(head -1 "$TMP/b.csv" | cut -d, -f17-)" "random,small,procs,path" \
	"CSV: the text's random, small and procs, and the call path"
is "$(awk -F, '$3 == "chatty" { print $17, $18, $19, $20 }' "$TMP/b.csv")" "0 20 1 main();chatty()" \
	"... chatty's 20 small writes, one process, its path"
is "$(cut -d, -f1,20 "$TMP/b.csv" | sort)" "$(cut -d, -f1,20 "$TMP/t.csv" | sort)" \
	"the path names the same block whatever the sort"
is "$($RUN blocks --format=json "$R" 2> /dev/null | perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print join(" ", map { $_->{path} } @$j)')" \
	"worker() main() main();syncer() main();chatty() main();bulk()" "JSON: the path of each block"
"$IOLENS" help --columns blocks > "$TMP/cols"
ok $? "help --columns blocks: the views"
done_testing
