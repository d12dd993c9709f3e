#!/bin/sh
# "unknown: N iterations ran" counted the run's system calls as a loop's
# iterations: a fgets loop over 7 lines ran 8 times and made one read(2)
# of the file (and one at its end), "1 iterations ran".  A loop whose
# calls go through a stream's buffer says no number now; a loop of
# read(2) still does (t/1020-blocks-join.t) (issue 33 D13;
# t/data/blocks/logloop.c, read_config()).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/logloop.c" . && cc -g -O0 -o logloop logloop.c || exit 1
$RUN trace --stacks -o l.it ./logloop 2> /dev/null
$RUN blocks --source logloop.c l.it > j.txt 2> err
is "$?:$(cat err)" "0:" "joined"
is "$(grep -c '^  loop logloop.c:29 x?  .* unknown$' j.txt)" 1 "the fgets loop: unknown, no iterations said"
is "$(grep -c 'iterations ran' j.txt)" 0 "no loop of the program says iterations"
$RUN blocks --source --format=csv logloop.c l.it > j.csv 2> /dev/null
is "$(block_col j.csv read_config:29 status)" unknown "... its status unknown"
done_testing
