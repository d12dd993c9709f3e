#!/bin/sh
# blocks --source: streams kept in global variables, opened in one
# function (a local stored in the global: g = f, or the global
# assigned), written in others through the global, one closed in a
# function, one flushed by main after its last call of a function that
# names it (empty at exit: note() names only log_f),
# two left for exit() to flush: a stream stored in a global is counted
# once at exit, as the global's, not also as the local's
# (t/data/blocks/global.c; issue 33).
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/global.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

$RUN blocks --source --format=csv "$SRC" > s.csv 2> err
is "$?:$(cat err)" "0:" "blocks --source runs"
is "$(col s.csv "[loader]" sys_writes)" 2 "exit() flushes two streams: log_f (open_all's f) and trace_f (main's t), not err_f"
is "$(col s.csv done sys_writes)" 1 "done(): the fclose of out"
blocks_traced "$SRC" main main:51 main:53 main:54 main:55 main:56 main:57 done note [loader]
done_testing
