#!/bin/sh
# blocks --source predicts the system calls buffered stdio makes beside
# its library calls (issue 33: "buffered stdio predicted as the system
# calls it will make (buffer size known) beside the library calls"): 1000
# fwrite of 100 B through glibc's 4 KiB buffer are about 25 write(2), 25
# too through a 64 KiB setvbuf with a NULL buffer (glibc sizes it), 2
# through a 64 KiB buffer of the program's own; an unbuffered stream one
# a call; a call larger than the buffer one; a fflush one; fread alike;
# fprintf's unknown size leaves them unknown.  The numbers are what
# strace counted of the program built from the test's source (glibc).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/stdio-buf.c
cd "$TMP" || exit 1
$RUN blocks --source --format=csv "$SRC" > out.csv 2> err
ok $? "blocks --source runs"
head -1 out.csv | tr ',' '\n' > cols
is "$(sed -n 18,19p cols | tr '\n' ' ')" "sys_reads sys_writes " \
	"the system calls are two columns after the others (the parts of the counts after them, t/6127)"
is "$(sed -n 7p cols):$(sed -n 13p cols)" "calls:bytes_written" "the columns before them keep their places"
# the row of a block id: calls,bytes,sys_reads,sys_writes
row() { awk -F, -v b="$1" '$1 == b { print $7 "," ($12 + $13) "," $18 "," $19 }' out.csv; }

is "$(row main:14)" "1000,100000,0,24" "1000 fwrite of 100 B, 4 KiB buffer: 24 full buffers, 24 write(2)"
is "$(row main:16)" "1000,100000,0,1" "setvbuf with a 64 KiB buffer of its own: 1 write(2) (the rest at fclose)"
is "$(row main:18)" "10,1000,0,10" "setvbuf _IONBF: a write(2) a call"
is "$(row main:20)" "1,1048576,0,2" "a 1 MiB fwrite goes to the kernel itself: 1 write(2), after the buffer it fills"
is "$(row main:21:23)" "1,0,0,1" "fflush: a write(2)"
is "$(row main:25)" "1000,100000,25,0" "1000 fread of 100 B: 25 read(2)"
is "$(awk -F, '$1 == "main:27" { print $19 }' out.csv)" "" "fprintf: a size the source does not fix, write(2) unknown"
is "$(awk -F, '$1 == "main" { print $18 "," $19 }' out.csv)" "25," "main: reads known, writes not"
$RUN blocks --source "$SRC" > out.txt
grep -q '^  loop .*:14 x1000: calls 1000, writes 1000, written 97.7 KiB, write(2) about 24$' out.txt
ok $? "text: the loop's write(2) beside its fwrite calls"
grep -q '^      fwrite (stdio, 100 B, buffer 64.0 KiB)$' out.txt
ok $? "text: a call shows its stream's buffer"
grep -q "^read(2): buffered stdio's bytes over its stream's buffer, rounded up;$" out.txt
ok $? "text: how the numbers are derived"

# beside a trace: the predicted system calls over the run against the
# reads and writes the trace measured (iolens trace --stacks)
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ] && command -v cc > /dev/null &&
	cp "$SRC" "$TMP/s.c" && (cd "$TMP" && cc -g -O0 -fno-omit-frame-pointer -o sb s.c) 2> /dev/null; then
	head -c 100000 /dev/zero > "$TMP/d"
	(cd "$TMP" && $RUN trace --stacks -o t.it ./sb 2> /dev/null)
	$RUN blocks --source --format=csv "$TMP/s.c" "$TMP/t.it" > j.csv 2> err
	ok $? "blocks --source with the program's trace"
	# block: measured reads writes, predicted read(2) write(2)
	jrow() { awk -F, -v b="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		$1 == b { print $c["reads"], $c["writes"], $c["predicted_sys_reads"], $c["predicted_sys_writes"] }' j.csv; }
	is "$(jrow main:25)" "25 0 25 0" "1000 fread of 100 B: 25 read(2) predicted, 25 measured"
	is "$(jrow main:18)" "0 10 0 10" "the unbuffered stream: 10 and 10"
	is "$(jrow main:20)" "0 2 0 2" "the 1 MiB fwrite on a stream holding 1696 B: 2 and 2"
	is "$(jrow main:14)" "0 24 0 24" "1000 fwrite of 100 B: 24 predicted, 24 measured (what was left went out in the next line's call)"
else
	skip "no iolens-trace.so or no C compiler" 5
fi
done_testing
