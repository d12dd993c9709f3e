#!/bin/sh
# iolens blocks: I/O per code block from traces with call stacks.
#   - a hand-made strace -k -f -y -tt -T trace (t/data/strace/stack-k.trace:
#     an unfinished call resumed after another thread's, frames without a
#     function, strace's error frames, a C++ name) gives exact blocks with
#     no binary on the machine (strace's own function names), also when
#     split as strace -ff writes it; the other commands read it too;
#   - t/data/blocks/known.c (built -g -O0) under strace -k and under
#     iolens trace --stacks: the calls, bytes and loop trip counts of its
#     functions, loops and lines, the same from both tracers;
#   - tar traced with stacks: the roots' calls and bytes add up to the
#     job's;
#   - the flame graph as PDF, SVG and PNG; usage errors.
. "$(dirname "$0")/lib.sh"

K=$TOP/t/data/strace/stack-k.trace
cols="block,kind,function,file,line,trip_count,calls,opens,reads,writes,syncs,bytes_read,bytes_written,files,io_time_s,intensity,random,small,procs,path"

# ---- a hand-made strace -k trace ----
$RUN blocks --sort line --format=csv "$K" > "$TMP/k.csv" 2> "$TMP/err"
ok $? "blocks reads strace -k output ($(head -1 "$TMP/err"))"
is "$(head -1 "$TMP/k.csv")" "$cols" "the columns, in the issue's order"
is "$(tail -n +2 "$TMP/k.csv" | cut -d, -f1-14)" \
"1,function,app+0x1c48,/opt/app/bin/app,,,1,0,0,0,0,0,0,1
2,function,backtracing_error,,,,1,0,0,0,0,0,0,1
3,function,main,/opt/app/bin/app,,,4,1,0,2,1,0,8192,1
3.1,function,save,/opt/app/bin/app,,,4,1,0,2,1,0,8192,1
3.1.1,function,ns::Writer::flush(int) const,/opt/app/bin/app,,,1,0,0,0,1,0,0,1
4,function,worker,/opt/app/bin/app,,,3,1,2,0,0,2000,0,1
4.1,function,load,/opt/app/bin/app,,,3,1,2,0,0,2000,0,1" \
	"its blocks: library frames left out, the resumed write under save, a frame without a name by its address, main() a root (_start folded)"
is "$(awk -F, 'NR > 1 && $1 !~ /\./ { c += $7; r += $12; w += $13 } END { print c, r, w }' "$TMP/k.csv")" \
	"9 2000 8192" "the roots add up to the job's 9 calls on files, 2000 bytes read, 8192 written"
is "$(grep -c '^3.1,.*,0.00046,' "$TMP/k.csv")" 1 "save's I/O time: 10+100+50+300 us"
# -ff: a file a process, no pid column, the stack lines after their call
mkdir -p "$TMP/ff"
awk -v d="$TMP/ff" '/^[0-9]/ { pid = $1; sub(/^[0-9]+ +/, "") } { print > (d "/k." pid) }' "$K"
$RUN blocks --sort line --format=csv "$TMP/ff" > "$TMP/ff.csv" 2> "$TMP/err"
ok $? "the same trace as strace -ff writes it ($(head -1 "$TMP/err"))"
is "$(cut -d, -f1-14 "$TMP/ff.csv")" "$(cut -d, -f1-14 "$TMP/k.csv")" "... gives the same blocks"
for c in summary files meta hist timeline triage; do
	$RUN $c "$K" > /dev/null 2> "$TMP/err"
	is "$?:$(head -1 "$TMP/err")" "0:" "iolens $c reads a trace with stacks"
done
is "$($RUN files --format=csv "$K" | awk -F, 'NR > 1 { r += $6; w += $7 } END { print r, w }')" "2000 8192" \
	"... and counts what the blocks count"
$RUN blocks --format=json "$K" > "$TMP/k.json"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); print scalar(@$j), " ", join(",", sort keys %{$j->[0]})' < "$TMP/k.json")" \
	"7 block,bytes_read,bytes_written,calls,file,files,function,intensity,io_time_s,kind,line,opens,path,procs,random,reads,small,syncs,trip_count,writes" \
	"JSON: a row a block, the same keys"
$RUN blocks "$K" > "$TMP/k.txt"
grep -q '^  save()  *4 ' "$TMP/k.txt"
ok $? "text: an indented tree"
grep -q "ns::Writer::flush(int) const  " "$TMP/k.txt"
ok $? "... a C++ name as strace printed it"

# ---- usage and bad input ----
$RUN blocks "$TOP/t/data/strace/seek.trace" > /dev/null 2> "$TMP/err"
is "$?:$(sed 's/^[^:]*: [^:]*: //' "$TMP/err")" \
	"1:the trace has no call stacks (record with strace -k or iolens trace --stacks)" \
	"a trace without stacks: exit 1, one line"
$RUN blocks --depth 0 "$K" > /dev/null 2>&1
is "$?" 2 "--depth 0: usage error"
$RUN blocks --format=csv -o "$TMP/x.pdf" "$K" > /dev/null 2>&1
is "$?" 2 "--format with a picture: usage error"
printf '1 10:00:00.000001 read(3, "", 10) = 10 <0.000001>\n > /x(f+0xzz) [0x1]\n > /x(g+0x1) [0x2]\n' > "$TMP/bad.trace"
$RUN blocks "$TMP/bad.trace" > /dev/null 2> "$TMP/err"
is "$?:$(sed 's/.*: line/line/' "$TMP/err")" "1:line 2 is not strace output" "a frame that does not parse: the line named"
$RUN blocks --lenient --format=csv "$TMP/bad.trace" > /dev/null 2>&1
is "$?" 0 "... skipped with --lenient"

# ---- the flame graph ----
for e in pdf svg png; do
	$RUN blocks -o "$TMP/flame.$e" "$K" 2> "$TMP/err"
	ok $? "the flame graph as .$e ($(head -1 "$TMP/err"))"
done
is "$(head -c 4 "$TMP/flame.pdf")" "%PDF" "... a PDF"
grep -q 'svg' "$TMP/flame.svg"
ok $? "... an SVG"
SOURCE_DATE_EPOCH=0 $RUN blocks -o "$TMP/f1.pdf" "$K" && SOURCE_DATE_EPOCH=0 $RUN blocks -o "$TMP/f2.pdf" "$K"
cmp -s "$TMP/f1.pdf" "$TMP/f2.pdf"
ok $? "... the same bytes twice"
if command -v pdftotext > /dev/null; then
	pdftotext "$TMP/flame.pdf" - | grep -q 'save'
	ok $? "... with the blocks' names"
else
	skip "no pdftotext" 1
fi

# ---- the report's page ----
if command -v pdftotext > /dev/null; then
	$RUN report -o "$TMP/k.pdf" "$K" 2> /dev/null
	pdftotext "$TMP/k.pdf" - | grep -q 'I/O flame graph of the code blocks'
	ok $? "iolens report: a Code blocks page for a trace with stacks"
	$RUN report -o "$TMP/s.pdf" "$TOP/t/data/strace/seek.trace" 2> /dev/null
	pdftotext "$TMP/s.pdf" - | grep -q 'I/O flame graph of the code blocks'
	is "$?" 1 "... none for a trace without"
else
	skip "no pdftotext" 2
fi

# ---- a program of known I/O, from strace -k and iolens trace --stacks ----
command -v cc > /dev/null || { done_testing; exit; }
W=$TMP/w
mkdir -p "$W"
cp "$TOP/t/data/blocks/known.c" "$W/"
cc -g -O0 -fno-omit-frame-pointer -o "$W/known" "$W/known.c" 2> "$TMP/err" || {
	skip "cannot build known.c: $(head -1 "$TMP/err")" 8
	done_testing
	exit
}
# function, loop, line rows: kind function file-base line trip calls
# opens reads writes syncs bytes_read bytes_written
rows() {
	awk -F, 'NR > 1 && $4 ~ /known\.c$/ { n = split($4, p, "/"); print $2, $3, p[n], $5, $6, $7, $8, $9, $10, $11, $12, $13 }' "$1"
}
expect="function main known.c   27 3 4 16 1 4000 65536
line main known.c 50  19 1 0 16 1 0 65536
function write_loop known.c   19 1 0 16 1 0 65536
line write_loop known.c 17  1 1 0 0 0 0 0
loop write_loop known.c 22 16 16 0 0 16 0 0 65536
line write_loop known.c 23  16 0 0 16 0 0 65536
line write_loop known.c 26  1 0 0 0 1 0 0
line write_loop known.c 27  1 0 0 0 0 0 0
loop main known.c 51 2 8 2 4 0 0 4000 0
line main known.c 52  8 2 4 0 0 4000 0
function read_twice known.c   8 2 4 0 0 4000 0
line read_twice known.c 32  2 2 0 0 0 0 0
line read_twice known.c 36  2 0 2 0 0 2000 0
line read_twice known.c 38  2 0 2 0 0 2000 0
line read_twice known.c 40  2 0 0 0 0 0 0"
if have_strace_k; then
	(cd "$W" && strace -f -k -tt -T -y -o "$TMP/known.st" ./known out.dat)
	$RUN blocks --sort line --format=csv "$TMP/known.st" > "$TMP/st.csv" 2> "$TMP/err"
	ok $? "blocks of known.c under strace -k ($(head -1 "$TMP/err"))"
	is "$(rows "$TMP/st.csv")" "$expect" \
		"strace -k: each function's, loop's and line's calls and bytes; loops of 16 and 2 trips"
else
	skip "no strace with -k" 2
fi
LIB=$(dirname "$IOLENS")/iolens-trace.so
if [ -f "$LIB" ]; then
	(cd "$W" && $RUN trace --stacks -o "$TMP/known.it" ./known out.dat 2> "$TMP/err")
	ok $? "known.c under iolens trace --stacks"
	grep -q '^ > .*/known() \[0x[0-9a-f]*\]$' "$TMP/known.it"
	ok $? "... its frames in strace -k's form"
	$RUN blocks --sort line --format=csv "$TMP/known.it" > "$TMP/it.csv" 2> "$TMP/err"
	is "$(rows "$TMP/it.csv")" "$expect" "iolens trace --stacks: the same blocks"
	$RUN trace --stacks=3 -o "$TMP/k3.it" "$W/known" "$W/out.dat" 2> /dev/null
	is "$(awk '/^[0-9]/ { if (n > m) m = n; n = 0; next } /^ > / && !/^ > \[stack cut\]$/ { n++ } END { if (n > m) m = n; print m }' "$TMP/k3.it")" 3 \
		"--stacks=3: three frames a call at most (and the mark of a stack cut)"
	$RUN trace --stacks=0 -o "$TMP/k0.it" true > /dev/null 2>&1
	is "$?" 2 "--stacks=0: usage error"
	# a real program: tar, its function rows add up to the job's totals
	mkdir -p "$W/src/sub"
	for i in 1 2 3 4 5; do head -c $((i * 3000)) /dev/zero > "$W/src/f$i"; done
	head -c 100000 /dev/zero > "$W/src/sub/big"
	(cd "$W" && $RUN trace --stacks -o "$TMP/tar.it" tar -cf t.tar src 2> /dev/null)
	$RUN blocks --format=csv "$TMP/tar.it" > "$TMP/tar.csv" 2> "$TMP/err"
	ok $? "tar -cf traced with stacks ($(head -1 "$TMP/err"))"
	is "$(awk -F, 'NR > 1 && $1 !~ /\./ { r += $9; w += $10; br += $12; bw += $13 } END { print r, w, br, bw }' "$TMP/tar.csv")" \
		"$($RUN files --format=csv "$TMP/tar.it" | awk -F, 'NR > 1 { br += $6; bw += $7; r += $8; w += $9 } END { print r, w, br, bw }')" \
		"tar: the roots' reads, writes and bytes are the job's"
	is "$(awk -F, 'NR > 1 && $1 !~ /\./ { b += $13 } END { print (b >= 112000) }' "$TMP/tar.csv")" 1 \
		"... the archive's bytes among them"
else
	skip "no tracer library" 8
fi
done_testing
