#!/bin/sh
# iolens diff A B of two traces with call stacks: the code-block rows.
# t/data/blocks-diff/fix.c built twice (before: 256 writes of 4 KiB in a
# loop; after, -DFIXED: one write of 1 MiB), each traced with iolens trace
# --stacks (and strace -k when present): the rows say which block
# changed (the loop gone, a line new, save()'s calls 256 -> 1 with the
# same bytes), largest change in bytes first; the blocks that did not
# change say so; a block moved by lines added above pairs by its path
# without line numbers; no block rows unless both traces have stacks.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

command -v cc > /dev/null || skip_all "no C compiler"
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no tracer library"
W=$TMP/w
mkdir -p "$W"
cp t/data/blocks-diff/fix.c "$W/"
(cd "$W" && cc -g -O0 -o before fix.c && cc -g -O0 -DFIXED -o after fix.c) 2> "$TMP/ccerr" ||
	skip_all "cannot build fix.c: $(head -1 "$TMP/ccerr")"
(cd "$W" && $RUN trace --stacks -o "$TMP/a.it" ./before x.dat &&
	$RUN trace --stacks -o "$TMP/b.it" ./after x.dat) 2> /dev/null
ok $? "fix.c before and after, traced with stacks"

$RUN diff --format=csv "$TMP/a.it" "$TMP/b.it" > "$TMP/d.csv" 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "diff of two traces with stacks: exit 0"
# the block rows without I/O time (which varies): key metric a b change ratio
grep '^blocks,' "$TMP/d.csv" | grep -v ',io_time,' | cut -d, -f2,3,5- > "$TMP/b.rows"
S="main() > fix.c:30 > save()"
is "$(head -9 "$TMP/b.rows")" \
"$S > loop fix.c:14,calls,256,,-256,
$S > loop fix.c:14,bytes_read,0,,0,1
$S > loop fix.c:14,bytes_written,1048576,,-1048576,
$S > loop fix.c:14 > fix.c:15,calls,256,,-256,
$S > loop fix.c:14 > fix.c:15,bytes_read,0,,0,1
$S > loop fix.c:14 > fix.c:15,bytes_written,1048576,,-1048576,
$S > fix.c:17,calls,,1,1,
$S > fix.c:17,bytes_read,,0,0,1
$S > fix.c:17,bytes_written,,1048576,1048576," \
	"first, the largest change in bytes: the loop of 256 writes gone (A only), the one write new (B only)"
is "$(grep "^$S," "$TMP/b.rows" | tr '\n' ';')" \
	"$S,calls,256,1,-255,0.00390625;$S,bytes_read,0,0,0,1;$S,bytes_written,1048576,1048576,0,1;" \
	"save(): 256 calls -> 1, ratio 1/256, the same bytes"
is "$(grep '^main(),' "$TMP/b.rows" | tr '\n' ';')" \
	"main(),calls,259,4,-255,0.015444015444015444;main(),bytes_read,100,100,0,1;main(),bytes_written,1048576,1048576,0,1;" \
	"main(): the job's 259 calls -> 4"
is "$(grep -c '^main() > fix.c:31,' "$TMP/b.rows")" 0 \
	"an unchanged block (the pread) is not shown"
$RUN diff --all --format=csv "$TMP/a.it" "$TMP/b.it" | grep '^blocks,' | grep -v ',io_time,' | cut -d, -f2,3,5- > "$TMP/all.rows"
is "$(grep '^main() > fix.c:31,' "$TMP/all.rows" | tr '\n' ';')" \
	"main() > fix.c:31,calls,1,1,0,1;main() > fix.c:31,bytes_read,100,100,0,1;main() > fix.c:31,bytes_written,0,0,0,1;" \
	"--all shows it: change 0, ratio 1"
is "$(grep -c '^blocks,.*,io_time,s,' "$TMP/d.csv")" "$(grep -c '^blocks,.*,calls,' "$TMP/d.csv")" \
	"each block has its I/O time row"
$RUN diff "$TMP/a.it" "$TMP/b.it" > "$TMP/d.txt"
grep -q '^Code blocks, by call path' "$TMP/d.txt" &&
	grep -q "^$S  *calls  *256  *1  *-255 " "$TMP/d.txt"
ok $? "text: a section of code blocks, the path shown once per block"
$RUN diff --format=json "$TMP/a.it" "$TMP/b.it" > "$TMP/d.json"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	my @b = grep { $_->{section} eq "blocks" && $_->{metric} eq "calls" } @$j;
	print scalar(@b), " ", $b[0]{key}' < "$TMP/d.json")" \
	"$(grep -c '^blocks,.*,calls,' "$TMP/d.csv") $S > loop fix.c:14" "JSON: the same rows, section blocks"
# --threshold hides the unchanged rows
$RUN diff --format=csv --threshold 1 "$TMP/a.it" "$TMP/b.it" | grep '^blocks,' | grep -v ',io_time,' > "$TMP/t.csv"
! grep -q ',0,1$' "$TMP/t.csv" && grep -q "^blocks,$S,calls," "$TMP/t.csv"
ok $? "--threshold leaves out the blocks that did not change"
# a trace against itself: nothing changed
$RUN diff --all --format=csv "$TMP/a.it" "$TMP/a.it" | grep '^blocks,' | awk -F, '$7 != "0" || $8 != "1"' > "$TMP/self"
is "$(wc -l < "$TMP/self")" 0 "a trace against itself: every block's change 0, ratio 1"
# no stacks on one side: no block rows
$RUN diff --format=csv "$TMP/a.it" t/data/strace/seek.trace > "$TMP/n.csv" 2> /dev/null
is "$?:$(grep -c '^blocks,' "$TMP/n.csv")" "0:0" "one trace without stacks: no code-block rows"

# the fix with two lines added above: save() moved from line 30 to 32,
# one block of A and one of B once the lines are left out: paired
mkdir -p "$W/moved"
{ printf '/* two more\n * lines */\n'; cat "$W/fix.c"; } > "$W/moved/fix.c"
(cd "$W/moved" && cc -g -O0 -DFIXED -o after fix.c && $RUN trace --stacks -o "$TMP/m.it" ./after x.dat) 2> /dev/null
$RUN diff --format=csv "$TMP/a.it" "$TMP/m.it" | grep '^blocks,' | grep -v ',io_time,' | cut -d, -f2,3,5- > "$TMP/m.rows"
is "$(grep -F "$S -> " "$TMP/m.rows" | tr '\n' ';')" \
	"$S -> main() > fix.c:32 > save(),calls,256,1,-255,0.00390625;$S -> main() > fix.c:32 > save(),bytes_read,0,0,0,1;$S -> main() > fix.c:32 > save(),bytes_written,1048576,1048576,0,1;" \
	"a block moved by lines added above: paired by its path without line numbers, 'A -> B'"

if have_strace_k; then
	(cd "$W" && strace -f -k -tt -T -o "$TMP/a.st" ./before x.dat && strace -f -k -tt -T -o "$TMP/b.st" ./after x.dat)
	$RUN diff --format=csv "$TMP/a.st" "$TMP/b.st" | grep "^blocks,$S[, ]" | grep -v ',io_time,' | cut -d, -f2,3,5- > "$TMP/s.rows"
	is "$(head -9 "$TMP/s.rows")" "$(head -9 "$TMP/b.rows")" "strace -k: the same rows for save()"
else
	skip "no strace with -k" 1
fi
done_testing
