#!/bin/sh
# mmap of no file (MAP_ANONYMOUS, MAP_ANON, a descriptor of -1) was
# predicted as a call on a file, which no tracer records: main() and
# both lines "differs".  Now only a file's mmap is a call (issue 33 D11;
# t/data/blocks/anon-map.c).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/anon-map.c" . && cc -g -O0 -o p anon-map.c || exit 1
$RUN blocks --source --format=csv anon-map.c > s.csv 2> err
is "$?:$(cat err)" "0:" "predicted"
is "$(block_col s.csv main:15 calls):$(block_col s.csv main:17 calls)" ":" \
	"MAP_ANONYMOUS, MAP_ANON: no call"
is "$(block_col s.csv main:25 calls)" 1 "mmap of a descriptor: a call"

$RUN trace --stacks -o p.it ./p 2> /dev/null
$RUN blocks --source --format=csv anon-map.c p.it > j.csv 2> err
# the file mapping said on stderr in the machine formats (issue 33 D6)
is "$?:$(cat err)" "0:iolens blocks: note: 1 file mapping (mmap): up to 4.0 KiB written through a mapping, not counted as writes, in no block" \
	"joined to its iolens trace, the mapping noted"
is "$(grep -c 'differs\|not predicted' j.csv)" 0 "... no row differs, none not predicted"
is "$(block_col j.csv main calls):$(block_col j.csv main predicted_calls)" "5:5" "... main(): 5 calls, 5 predicted"
if have_strace_k && [ -z "${SANITIZE:-}" ]; then
	strace -f -k -tt -T -y -o p.strace ./p
	$RUN blocks --source --format=csv anon-map.c p.strace > k.csv 2> /dev/null
	is "$(grep -c '^main:\(15\|17\),' k.csv):$(block_col k.csv main:25 status)" "0:exact" \
		"joined to its strace -k trace: no anonymous mmap row, the file's exact"
else
	skip "no strace with -k" 1
fi
done_testing
