#!/bin/sh
# bench/pydarshan.sh runs iolens beside PyDarshan (issue 38's ingest and
# report targets): skipped with one line when PyDarshan is not there or
# does not run, else a line of medians, ratios and load for each of
# ingest / job_stats and report (PDF, HTML) / summary, and the numbers
# both print compared.  PyDarshan itself is not installed here: a stub
# (t/data/pydarshan-stub) prints iolens' own numbers in PyDarshan's
# formats, or one number skewed, which must be reported as a difference.
. "$(dirname "$0")/lib.sh"
need_shared
command -v python3 > /dev/null || skip_all "no python3"
[ -f "$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan" ] ||
	skip_all "no e3sm heatmap log in ../shared"
export IOLENS BENCH_SHARED=$SHARED BENCH_PYD_N=3 BENCH_PYD_RUNS=1
unset PYDARSHAN_LIB DARSHAN_PARSER
STUB=$TOP/t/data/pydarshan-stub

out=$(PYDARSHAN= sh "$TOP/bench/pydarshan.sh" 2>&1)
ok $([ $? -eq 0 ] && [ "$out" = "pydarshan: skipped: PYDARSHAN is unset (set it to darshan-util/pydarshan of Darshan's source)" ]; echo $?) \
	"unset: one line, exit 0 ($out)"
out=$(PYDARSHAN=$TMP/none sh "$TOP/bench/pydarshan.sh" 2>&1)
ok $([ $? -eq 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "skipped: no PyDarshan at PYDARSHAN=$TMP/none"; echo $?) \
	"no source there: one line, exit 0 ($out)"
out=$(STUB_BROKEN=1 PYDARSHAN=$STUB sh "$TOP/bench/pydarshan.sh" 2>&1)
ok $([ $? -eq 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "skipped: PyDarshan does not run under python3: ImportError: No module named 'numpy'"; echo $?) \
	"does not import: the reason in one line, exit 0 ($out)"

PYDARSHAN=$STUB sh "$TOP/bench/pydarshan.sh" > "$TMP/out" 2>&1
st=$?
sed 's/^/# /' "$TMP/out"
ok $([ $st -eq 0 ]; echo $?) "stub: exit 0"
num='[0-9][0-9.]*'
ok $(grep -q "^ingest  *iolens  *$num s wall  *$num s cpu  *$num MB | job_stats  *$num s wall  *$num s cpu  *$num MB | $num""x wall $num""x cpu (target 30x) | load $num $num" "$TMP/out"; echo $?) \
	"ingest: both sides' wall, CPU and peak, the ratios, the target and a load a run"
ok $(grep -q "^agree: 3 of 3 jobs job_stats lists (of 3 in the store); columns job_id uid nprocs start_time end_time run_time total_bytes time_by_slowest perf_by_slowest" "$TMP/out"; echo $?) \
	"ingest: job_stats' numbers compared with the store's, column by column"
ok $(grep -q "^report  *iolens PDF  *$num s wall .*| summary .*(target 100x) | load" "$TMP/out" &&
	grep -q "^report html  *iolens HTML  *$num s wall .*| summary .*(target 100x) | load" "$TMP/out"; echo $?) \
	"report: PDF and HTML beside summary"
ok $(grep -q "^agree: 4 of 4 of the job table's values (Job ID, User ID, # Processes, Run time (s))" "$TMP/out"; echo $?) \
	"report: the job table compared"

STUB_SKEW=1 PYDARSHAN=$STUB sh "$TOP/bench/pydarshan.sh" ingest > "$TMP/out" 2>&1
st=$?
ok $([ $st -eq 1 ] && grep -q "^agree: 2 of 3 jobs" "$TMP/out" &&
	grep -q "^  DIFFER .*: total_bytes job_stats [0-9]* iolens [0-9]*" "$TMP/out" &&
	! grep -q "^report" "$TMP/out"; echo $?) \
	"a number that differs: named, exit 1; ingest alone ($(grep DIFFER "$TMP/out"))"
done_testing
