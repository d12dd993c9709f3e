#!/bin/sh
# The CSV's path column, the key that joins rows across runs, was cut to
# its last 256 labels: a recursion 150 deep under strace -k (about 450
# labels) gave keys starting mid-stack, without main(), 64 rows sharing
# one.  Now every key starts at the root and each is unique (issue 33
# D2; t/data/blocks/recurse.c).
. "$(dirname "$0")/lib.sh"
need_strace_k
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/recurse.c" . && cc -g -O0 -o recurse recurse.c || exit 1
strace -f -k -tt -T -y -o r.strace ./recurse 150 || exit 1
$RUN blocks --format=csv r.strace > r.csv 2> err
is "$?" 0 "blocks of a recursion 150 deep"
paths() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["path"] }' r.csv; }
is "$(paths | sort | uniq -d | wc -l)" 0 "each row's path is its own"
is "$(paths | grep -cv '^\(main()\|\[loader\]\|\[loader: ld.so\]\)')" 0 "each starts at a root, main(), [loader] or [loader: ld.so]"
is "$(paths | awk -F';' '{ if (NF > m) m = NF } END { print (m > 256) }')" 1 "the deepest has more than 256 labels"
is "$(awk -F, '$3 == "visit" && $2 == "line" { n++ } END { print n }' r.csv)" 299 "150 levels of visit(): a write line each, a call line each but the last"
$RUN blocks --format=folded r.strace > r.folded 2> /dev/null
is "$(grep -cv '^\(main()\|\[loader\]\|\[loader: ld.so\]\)' r.folded)" 0 "the folded stacks start at the root too"
done_testing
