#!/bin/sh
# fdrace.c (4 threads passing descriptor numbers, 2000 calls) traced 5
# times by strace -f beside CPU-bound loops this test starts and kills
# (bench/fdrace.sh 5; the bench runs it 50 times): under load strace cuts
# and resumes the threads' lines in any order and its -T durations
# disagree with its -tt times, and every run must keep its 2000 calls,
# each on its thread's file.  A property of any schedule, not a timing.
. "$(dirname "$0")/lib.sh"

command -v strace > /dev/null || skip_all "strace is not installed (apt-get install strace)"
out=$(IOLENS=$IOLENS FDRACE_TIMEOUT=120 sh "$TOP/bench/fdrace.sh" 5 2>&1)
case $out in
"fdrace: skipped: "*) skip_all "${out#fdrace: skipped: }" ;;
esac
echo "$out" | sed 's/^/# /'
is "$(echo "$out" | sed -n 's/^fdrace: \([0-9]* of [0-9]*\) runs kept.*/\1/p')" "5 of 5" \
	"fdrace under load: 5 of 5 traces keep the 2000 calls, 100 of each kind on each thread's file"

done_testing
