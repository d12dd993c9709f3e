#!/bin/sh
# iolens blocks --source FILE TRACE: the blocks the source predicts beside
# the blocks a run measured.  t/data/blocks-join/vidya.c (its comment
# states each block's I/O) is built -g -O0, run under iolens trace
# --stacks and strace -k, and joined to its own source: every block's
# predicted and measured calls and bytes, exactly; constant loops, nested
# loops and a function called in a loop predicted exactly; a loop bound
# read at run time unknown (not guessed) with the iterations the run
# implies; a write under a condition on the loop's counter predicted for
# the iterations it holds; stdio
# unbuffered exact, buffered compared as the read(2) and write(2) it makes
# (its bytes go out at the flush: calls exact); the accuracy
# line; t/data/blocks/known.c all exact; t/data/blocks-src/posix.c.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/blocks.sh"
cd "$TOP" || exit 1

[ -f bin/iolens-code.so ] ||
	skip_all "bin/iolens-code.so is not built (libclang-dev is missing)"
command -v cc > /dev/null || skip_all "no C compiler"
LIB=$(dirname "$IOLENS")/iolens-trace.so
[ -f "$LIB" ] || skip_all "no tracer library"
W=$TMP/w
mkdir -p "$W"
cp t/data/blocks-join/vidya.c t/data/blocks/known.c "$W/"
for p in vidya known; do
	cc -g -O0 -o "$W/$p" "$W/$p.c" 2> "$TMP/ccerr" ||
		skip_all "cannot build $p.c: $(head -1 "$TMP/ccerr")"
done

expect="main ? ? ? 49 ? 10126 unknown
const_loop ? ? 10 10 4096 4096 exact
main:101 ? ? 10 10 4096 4096 exact
const_loop:32 8 8 8 8 4096 4096 exact
nested ? ? 12 12 3072 3072 exact
nested:41 ? 4 12 12 3072 3072 exact
main:104 ? ? 12 12 3072 3072 exact
buffered ? ? 4 4 1000 1000 exact
main:113 ? ? 4 4 1000 1000 exact
buffered:87 1 10 1 1 1000 0 calls exact
unbuffered ? ? 8 8 ? 1010 calls exact
main:111 ? ? 8 8 ? 1010 calls exact
unbuffered:76 5 5 5 5 1000 1000 exact
nested:41:42 12 12 12 12 3072 3072 exact
const_loop:32:33 ? ? 8 8 4096 4096 exact
main:105 3 3 6 6 384 384 exact
nested:41:42:43 ? ? 12 12 3072 3072 exact
unbuffered:76:77 ? ? 5 5 1000 1000 exact
helper ? ? 6 6 384 384 exact
main:105:106 ? ? 6 6 384 384 exact
runtime ? ? ? 5 ? 500 unknown
runtime:56 5 ? ? 5 ? 500 unknown
runtime:56:57 ? ? ? 5 ? 500 unknown
buffered:87:88 ? ? 1 1 1000 0 calls exact
main:107 ? ? ? 5 ? 500 unknown
branch ? ? 2 2 64 64 exact
branch:64 2 4 2 2 64 64 exact
main:108 ? ? 2 2 64 64 exact
helper:48 ? ? 3 3 192 192 exact
helper:49 ? ? 3 3 192 192 exact
branch:64:66 ? ? 2 2 64 64 exact
branch:64:66:66 ? ? 2 2 64 64 exact
const_loop:29 ? ? 1 1 0 0 exact
const_loop:34 ? ? 1 1 0 0 exact
unbuffered:72 ? ? 1 1 0 0 exact
unbuffered:78 ? ? 1 1 ? 10 calls exact
unbuffered:79 ? ? 1 1 0 0 exact
buffered:84 ? ? 1 1 0 0 exact
buffered:89 ? ? 2 2 0 1000 calls exact
main:103 ? ? 1 1 0 0 exact
main:109 ? ? 1 1 0 0 exact"

(cd "$W" && $RUN trace --stacks -o "$TMP/v.it" ./vidya out 5 2> /dev/null)
is $? 0 "vidya.c ran under iolens trace --stacks"
$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/v.it" --format=csv > "$TMP/v.csv" 2> "$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "blocks --source FILE TRACE: exit 0, nothing on stderr"
is "$(head -1 "$TMP/v.csv")" \
	"block,kind,function,file,line,trip_count,calls,opens,reads,writes,syncs,bytes_read,bytes_written,files,io_time_s,intensity,predicted_trip_count,predicted_calls,predicted_opens,predicted_reads,predicted_writes,predicted_syncs,predicted_bytes_read,predicted_bytes_written,calls_diff,bytes_diff,calls_error_pct,bytes_error_pct,status,predicted_io_time_s,predicted_sys_reads,predicted_sys_writes,conditional,random,small,procs,path" \
	"the columns of iolens blocks first, then the predicted ones and the differences"
rows "$TMP/v.csv" > "$TMP/v.rows"
printf '%s\n' "$expect" | diff -u - "$TMP/v.rows" > "$TMP/diff"
ok $? "iolens trace: every block's predicted and measured calls and bytes"
[ -s "$TMP/diff" ] && sed 's/^/# /' "$TMP/diff" | head -30
grep -q '^runtime:56 ' "$TMP/v.rows" && ! grep '^runtime:56 ' "$TMP/v.rows" | grep -q ' [0-9]* 5 [0-9]* 500 '
ok $? "a loop bound known at run time: no predicted number"
$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/v.it" > "$TMP/v.txt"
grep -q '^  loop vidya.c:56 x?  .* unknown: 5 iterations ran$' "$TMP/v.txt"
ok $? "... the text says the iterations the run implies"
grep -q '^      vidya.c:66  *2  *2  *0  *64 B  *64 B  *0 B  *exact$' "$TMP/v.txt" &&
	grep -q '^    branch vidya.c:66  *2  *2 ' "$TMP/v.txt"
ok $? "text: a write under if (i % 2) in a loop of 4, predicted for the 2 iterations it holds"
is "$(sed -n '/^predicted against measured: /,/^fix)/p' "$TMP/v.txt")" \
"predicted against measured: 36 blocks compared, 30 exact in calls and bytes,
36 in calls; error weighted by calls 0.0 %, by bytes 0.0 % (accuracy 100.0 %);
5 unknown (a loop bound, a size or a function's calls the source does not
fix), 0 measured, not predicted" \
	"the accuracy over the blocks (buffered stdio's library bytes not in it: issue 33 D8, was 7.8 % by bytes)"
awk -F, 'NR > 1 && $29 == "differs" && $25 != $7 - $18 { bad = 1 } END { exit bad }' "$TMP/v.csv"
ok $? "calls_diff is measured minus predicted"
is "$(awk -F, '$1 == "branch" { print $27 } $1 == "buffered:89" { print $28 } $1 == "buffered:87:88" { print "[" $28 "]" }' "$TMP/v.csv" | tr '\n' ' ')" \
	"[] 0 -100 " "error %: (predicted - measured) / measured; none when nothing was measured"

# strace -k sees the same, stdio's own fstat at the first fwrite too (the
# prediction has it, iolens trace records it: issue 33 D1, t/6152)
if have_strace_k; then
	(cd "$W" && strace -f -k -tt -T -y -o "$TMP/v.st" ./vidya out 5)
	$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/v.st" --format=csv > "$TMP/vs.csv"
	rows "$TMP/vs.csv" > "$TMP/vs.rows"
	printf '%s\n' "$expect" | diff -u - "$TMP/vs.rows" > "$TMP/diff"
	ok $? "strace -k: the same blocks, stdio's fstat at the first buffered fwrite included"
	[ -s "$TMP/diff" ] && sed 's/^/# /' "$TMP/diff" | head -30
else
	skip "no strace with -k" 1
fi

# known.c: every block exact
(cd "$W" && $RUN trace --stacks -o "$TMP/k.it" ./known out.dat 2> /dev/null)
$RUN blocks --source t/data/blocks/known.c "$TMP/k.it" > "$TMP/k.txt"
grep -q '^predicted against measured: 15 blocks compared, 15 exact in calls and bytes,$' "$TMP/k.txt" &&
	grep -q '^15 in calls; error weighted by calls 0.0 %, by bytes 0.0 % (accuracy 100.0 %);$' "$TMP/k.txt"
ok $? "known.c: 15 blocks of 15 exact"

# posix.c (t/data/blocks-src): exact but for the syncs under a condition
cp t/data/blocks-src/posix.c "$W/"
(cd "$W" && cc -g -O0 -o posix posix.c && $RUN trace --stacks -o "$TMP/p.it" ./posix p.out 10 2> /dev/null)
$RUN blocks --source t/data/blocks-src/posix.c "$TMP/p.it" > "$TMP/p.txt"
is "$(sed -n '/^predicted against measured: /,/^fix)/p' "$TMP/p.txt")" \
"predicted against measured: 25 blocks compared, 25 exact in calls and bytes,
25 in calls; error weighted by calls 0.0 %, by bytes 0.0 % (accuracy 100.0 %);
5 unknown (a loop bound, a size or a function's calls the source does not
fix), 0 measured, not predicted" \
	"posix.c: 25 of 25 blocks exact, the syncs under if (i % 4 == 3) too"
grep -q '^    branch posix.c:58  *16  *16  *0 ' "$TMP/p.txt"
ok $? "... 16 syncs predicted under the condition (of 64 iterations), 16 ran"

# a measured block the source does not have: a function of the source
# with I/O through a call the extractor does not know
cat > "$W/ptr.c" <<'EOS'
#include <fcntl.h>
#include <unistd.h>
static ssize_t (*wr)(int, const void *, size_t) = write;
int main(void)
{
	int fd = open("ptr.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	wr(fd, "abc", 3);
	close(fd);
	return 0;
}
EOS
cc -g -O0 -o "$W/ptr" "$W/ptr.c" &&
	(cd "$W" && $RUN trace --stacks -o "$TMP/ptr.it" ./ptr 2> /dev/null)
$RUN blocks --source "$W/ptr.c" "$TMP/ptr.it" --format=csv > "$TMP/ptr.csv"
is "$(rows "$TMP/ptr.csv" | tr '\n' ';')" \
	"main ? ? ? 3 ? 3 unknown;main:6 ? ? 1 1 0 0 exact;main:9 ? ? 1 1 0 0 exact;main:8 ? ? ? 1 ? 3 unknown;" \
	"a call through a pointer: unknown, not a number that leaves it out (was main 2 for 3)"

# usage and errors
$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/v.it" "$TMP/k.it" > /dev/null 2> "$TMP/err"
is "$?:$(head -1 "$TMP/err")" \
	"2:iolens blocks: one trace at a time (a source is named by its extension: .c, .cc, .cpp, .h ...)" \
	"two traces: usage error"
$RUN blocks --source t/data/blocks-join/vidya.c t/data/strace/seek.trace > /dev/null 2> "$TMP/err"
is "$?:$(sed 's/^[^:]*: [^:]*: //' "$TMP/err")" \
	"1:the trace has no call stacks (record with strace -k or iolens trace --stacks)" \
	"a trace without stacks: exit 1"
$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/none.trace" > /dev/null 2> "$TMP/err"
is "$?" 1 "a missing trace: exit 1 ($(head -1 "$TMP/err"))"
$RUN blocks --source t/data/blocks-join/vidya.c "$TMP/v.it" --format=json > "$TMP/v.json"
is "$(perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>);
	my ($b) = grep { $_->{block} eq "const_loop:32" } @$j;
	print scalar(@$j), " ", $b->{predicted_calls}, " ", $b->{calls}, " ", $b->{status}' < "$TMP/v.json")" \
	"41 8 8 exact" "JSON: the same rows"
done_testing
