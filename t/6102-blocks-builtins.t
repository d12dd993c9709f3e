#!/bin/sh
# Compiler builtins (va_start, va_copy and va_end's __builtin_va_*,
# __builtin_expect, __sync_synchronize) are no functions of the program
# without a body: no warning, and the lines calling them hold no call
# (issue 33 judge 3 D8; t/data/blocks/minilog.c, minilog-app.c).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP"/t/data/blocks/minilog.c "$TOP"/t/data/blocks/minilog-app.c . || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv minilog-app.c minilog.c > s.csv 2> err
is "$?:$(cat err)" "0:" "no warning about __builtin_va_start() or __sync_synchronize()"
is "$(grep -c 'log_msg:1[2356],' s.csv)" 0 "the va_start/va_copy/va_end/__sync lines are no I/O lines"
is "$(col s.csv log_msg calls)" 1 "log_msg(): its vfprintf, one call"
is "$(col s.csv main:6 calls)" 3 "main's loop: 3 calls, known"
is "$(col s.csv main calls)" 4 "main(): fopen and 3 vfprintf"
is "$(grep -c '^main:8,' s.csv)" 0 "__builtin_expect()'s line is no I/O line"
done_testing
