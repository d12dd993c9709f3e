#!/bin/sh
# fdopen() was predicted as a call, msync() as a sync at fsync's cost,
# though no tracer records either as a call on a file (fdopen opens
# nothing, msync has no descriptor): both always "differs"; and mmap of
# a descriptor, which both tracers record, was "not predicted".  Now the
# prediction has the calls a trace has (issue 33 D11, D12;
# t/data/blocks/mapped.c).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mapped.c" . && cc -g -O0 -o mapped mapped.c || exit 1
$RUN blocks --source --format=csv mapped.c > s.csv 2> err
is "$?:$(cat err)" "0:" "predicted"
is "$(block_col s.csv main:16 calls)" "" "fdopen: no call"
is "$(block_col s.csv main:27 calls)" "" "msync: no call"
is "$(block_col s.csv main:23 calls)" 1 "mmap of a descriptor: a call"

$RUN trace --stacks -o m.it ./mapped 2> /dev/null
$RUN blocks --source --format=csv mapped.c m.it > j.csv 2> err
# the file mapping said on stderr in the machine formats (issue 33 D6)
is "$?:$(cat err)" "0:iolens blocks: note: 1 file mapping (mmap): up to 64.0 KiB written through a mapping, not counted as writes, in no block" \
	"joined to its iolens trace, the mapping noted"
is "$(grep -c 'differs\|not predicted' j.csv)" 0 "... no row differs, none not predicted"
is "$(block_col j.csv main calls):$(block_col j.csv main predicted_calls)" "8:8" \
	"... main(): 8 calls, 8 predicted (stdio's fstat at the fdopen'd stream's first fwrite: t/6152)"
if have_strace_k && [ -z "${SANITIZE:-}" ]; then
	strace -f -k -tt -T -y -o m.strace ./mapped
	$RUN blocks --source --format=csv mapped.c m.strace > k.csv 2> /dev/null
	# (stdio's own fstat at the first fwrite in both, predicted: t/6152)
	is "$(grep -c '^main:\(16\|27\),' k.csv):$(block_col k.csv main:23 status)" "0:exact" \
		"joined to its strace -k trace: no fdopen nor msync row, mmap exact"
else
	skip "no strace with -k" 1
fi
done_testing
