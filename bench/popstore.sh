#!/usr/bin/env bash
# bench/popstore.sh: the population analyses on a store of a million jobs
# (run by `make bench` after bench/population.sh, or alone).
#
#  1. Makes a synthetic store of BENCH_POP_N jobs (default 1000000) in a
#     temporary directory: the 406 population logs ingested, then copied
#     with SQL (one INSERT ... SELECT over a recursive CTE, tens of
#     seconds, no log decoded): copy k of a job gets path '#k', job id
#     + k * 100000 and start and end times + k hours, so that context
#     has earlier jobs.  Each job gets a scheduler job (sched, 1 to 4
#     nodes, 32 CPUs a node, project by user) and 10 % more scheduler
#     jobs have no log; then `ingest --sacct` of a header-only file joins
#     them (the join over every row).
#  2. Times each command once (wall and CPU seconds, peak RSS from GNU
#     time) against the targets of issue 24: population-report < 30 s,
#     variance and groups < 5 s, context < 0.5 s, triage --db < 30 s.
#     On a machine shared with other jobs the wall time includes waiting
#     for a core: the CPU column (user + sys) is what the run itself
#     cost.
#
# Environment: IOLENS (default bin/iolens), BENCH_SHARED (default
# ../shared), BENCH_POP_N, BENCH_POP=0 skips, BENCH_TIMEOUT (default 600
# s a command), TMPDIR (about 1.4 GB for 1M jobs).
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u
export LC_ALL=C TZ=UTC

TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${BENCH_SHARED:-$TOP/../shared}
POP=$SHARED/corpus/population/logs
N=${BENCH_POP_N:-1000000}
TO=${BENCH_TIMEOUT:-600}

[ "${BENCH_POP:-1}" = 0 ] && exit 0
if [ ! -d "$POP" ]; then
	echo "population store bench: skipped: no population corpus at $POP"
	exit 0
fi
command -v sqlite3 >/dev/null 2>&1 || {
	echo "population store bench: skipped: no sqlite3"
	exit 0
}
/usr/bin/time -f '%e' true >/dev/null 2>&1 || {
	echo "population store bench: skipped: no GNU time (Debian package time)"
	exit 0
}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-popstore.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
DB=$TMP/m.db

echo "== population store of $N jobs: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
s=$(date +%s.%N)
"$IOLENS" ingest --db "$DB" "$POP" >/dev/null 2>&1
n=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
k=$(((N + n - 1) / n - 1))
cols=$(sqlite3 "$DB" "SELECT group_concat('\"' || name || '\"', ',')
	FROM pragma_table_info('jobs') WHERE name NOT IN
	('id', 'path', 'jobid', 'start_time', 'end_time', 'sched_id')")
sqlite3 "$DB" >/dev/null "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
	PRAGMA cache_size = -200000;
	WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $k)
	INSERT INTO jobs (path, jobid, start_time, end_time, $cols)
	SELECT path || '#' || i, jobid + i * 100000, start_time + i * 3600,
		end_time + i * 3600, $cols FROM k, jobs WHERE id <= $n
		AND (i - 1) * $n + id <= $N - $n;
	INSERT INTO sched (jobid, jobid_raw, user, account, state, nnodes, ncpus,
		elapsed, start, end, core_hours)
	SELECT jobid, jobid, user, 'p-' || user, 'COMPLETED', 1 + id % 4,
		32 * (1 + id % 4), 600, start_time - 5, start_time + 595,
		32 * (1 + id % 4) * 600 / 3600.0 FROM jobs;
	WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $N / 10)
	INSERT INTO sched (jobid, jobid_raw, user, account, state, nnodes, ncpus,
		elapsed, start, end, core_hours)
	SELECT 900000000 + i, 900000000 + i, 'other', 'p-other', 'COMPLETED', 2, 64,
		3600, 1795000000, 1795003600, 64.0 FROM k" || exit 1
echo 'JobID|NNodes' >"$TMP/head.txt"
"$IOLENS" ingest --db "$DB" --sacct "$TMP/head.txt" >"$TMP/join.txt" 2>&1
e=$(date +%s.%N)
rows=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
printf 'store made in %.1f s: %d jobs, %d scheduler jobs, %d MiB; %s\n' \
	"$(echo "$e - $s" | bc)" "$rows" "$(sqlite3 "$DB" 'SELECT count(*) FROM sched')" \
	$(($(stat -c %s "$DB") / 1048576)) "$(tail -1 "$TMP/join.txt")"
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs ORDER BY id DESC LIMIT 1")

printf '%-22s %9s %9s %10s  %s\n' command wall_s cpu_s peak_MiB target
bad=0
# run NAME TARGET_S ARGS...: one timed run
run() {
	local name=$1 target=$2 w u sy m rc
	shift 2
	timeout "$TO" /usr/bin/time -f '%e %U %S %M' -o "$TMP/t" "$IOLENS" "$@" \
		>/dev/null 2>"$TMP/err"
	rc=$?
	if [ "$rc" != 0 ]; then
		printf '%-22s failed (exit %d): %s\n' "$name" "$rc" "$(head -1 "$TMP/err")"
		bad=1
		return
	fi
	read -r w u sy m <"$TMP/t"
	printf '%-22s %9.2f %9.2f %10.0f  < %s s%s\n' "$name" "$w" \
		"$(echo "$u + $sy" | bc)" "$(echo "$m / 1024" | bc)" "$target" \
		"$(echo "$u + $sy > $target" | bc | sed 's/1/ (over)/;s/0//')"
}
run variance 5 variance --db "$DB"
run "groups --by app" 5 groups --by app --db "$DB"
run context 0.5 context --db "$DB" "$LOG"
run coverage 30 coverage --db "$DB"
run "triage --db" 30 triage --db "$DB"
run population-report 30 population-report --db "$DB" -o "$TMP/pop.pdf"
exit "$bad"
