#!/bin/sh
# bench/fdrace.sh: does the strace reader keep every call of threads that
# pass descriptor numbers to each other, traced on a loaded machine?
# t/data/strace/fdrace.c (4 threads, each 100 rounds of open, write,
# lseek, read, close of a file of its own: 2000 calls, the numbers taken
# by one thread as another's close frees them) runs under
# strace -f -tt -T beside CPU-bound loops this script starts and kills.
# Under load strace cuts and resumes the threads' lines in every order,
# and its -T durations disagree with its -tt times by tens of
# microseconds.  Each trace must keep its 2000 calls in replay-script,
# and count 100 opens, writes, seeks and reads on each of its 4 files in
# `iolens files`.
#
#   sh bench/fdrace.sh [RUNS]
#
# Environment: IOLENS (binary, default bin/iolens), FDRACE_RUNS (default
# 50, or the argument), FDRACE_LOAD (CPU-bound loops, default 3),
# FDRACE_TIMEOUT (seconds a run may take, default 60), FDRACE_KEEP (a
# directory to keep the traces of failing runs in), TMPDIR.
# Prints a line per failing run, then "fdrace: N of M runs kept all 2000
# calls" and exits 0 when every run did, 1 when one did not; without
# strace, ptrace or a C compiler it says "fdrace: skipped: ..." and
# exits 0.  t/5031 runs it 5 times.
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
RUNS=${1:-${FDRACE_RUNS:-50}}
LOAD=${FDRACE_LOAD:-3}
LIMIT=${FDRACE_TIMEOUT:-60}

skip() {
	echo "fdrace: skipped: $*"
	exit 0
}

command -v strace > /dev/null 2>&1 || skip "strace is not installed (apt-get install strace)"
command -v cc > /dev/null 2>&1 || skip "no C compiler (cc)"
T=$(mktemp -d "${TMPDIR:-/tmp}/iolens-fdrace.XXXXXX") || exit 2
LOOPS=
# the loops are this script's own: killed by their ids, whatever ends it
trap '[ -n "$LOOPS" ] && kill $LOOPS 2> /dev/null; rm -rf "$T"' EXIT
trap 'exit 130' INT TERM
strace -f -o /dev/null true 2> /dev/null || skip "strace cannot trace here (ptrace not permitted)"
cc -O2 -pthread -o "$T/fdrace" "$TOP/t/data/strace/fdrace.c" || exit 2

i=0
while [ "$i" -lt "$LOAD" ]; do
	sh -c 'while :; do :; done' &
	LOOPS="$LOOPS $!"
	i=$((i + 1))
done

good=0
i=1
while [ "$i" -le "$RUNS" ]; do
	mkdir "$T/w"
	(cd "$T/w" && timeout "$LIMIT" strace -f -tt -T -o "$T/t" "$T/fdrace") 2> "$T/err"
	rc=$?
	kept=$(timeout "$LIMIT" "$IOLENS" replay-script --overhead 0 -o "$T/s" "$T/t" 2>> "$T/err" |
		sed -n 's/.*, \([0-9]*\) calls kept.*/\1/p')
	# path opens writes seeks reads of the 4 files
	files=$(timeout "$LIMIT" "$IOLENS" files --format csv "$T/t" 2>> "$T/err" |
		awk -F, '$2 ~ /^f[0-3]$/ { print $2, $10, $9, $11, $8 }' | sort | tr '\n' ' ')
	if [ "$rc" -eq 0 ] && [ "$kept" = 2000 ] &&
		[ "$files" = "f0 100 100 100 100 f1 100 100 100 100 f2 100 100 100 100 f3 100 100 100 100 " ]; then
		good=$((good + 1))
	else
		echo "fdrace: run $i: strace exit $rc, ${kept:-no} calls kept, files: ${files:-none}${FDRACE_KEEP:+ (trace kept in $FDRACE_KEEP/fdrace-$i.trace)}"
		sed 's/^/fdrace:   /' "$T/err" | head -3
		[ -n "${FDRACE_KEEP:-}" ] && cp "$T/t" "$FDRACE_KEEP/fdrace-$i.trace"
	fi
	rm -rf "$T/w" "$T/t" "$T/s" "$T/err"
	i=$((i + 1))
done
echo "fdrace: $good of $RUNS runs kept all 2000 calls (beside $LOAD CPU-bound loops, load average $(cut -d' ' -f1 /proc/loadavg))"
[ "$good" -eq "$RUNS" ]
