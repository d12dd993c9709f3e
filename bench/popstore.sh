#!/usr/bin/env bash
# bench/popstore.sh: the population analyses on a store of a million jobs
# (run by `make bench` after bench/population.sh, or alone).
#
#  1. Makes a synthetic store of BENCH_POP_N jobs (default 1000000) in a
#     temporary directory: the 406 population logs ingested, then copied
#     with SQL (INSERT ... SELECT over a recursive CTE, about a million
#     rows each, no log decoded; the jobs table's indexes dropped while
#     it grows and made again after, grow_store of bench/env.sh: ten
#     million jobs in about half an hour on the loaded 2-core machine
#     where a million took 10-12 minutes): copy k of a job gets path '#k', job id
#     + k * 100000 and start and end times + k hours, so that context
#     has earlier jobs.  Each job gets a scheduler job (sched, 1 to 4
#     nodes, 32 CPUs a node, project by user) and 10 % more scheduler
#     jobs have no log (grow_sched of bench/env.sh); then `ingest --sacct` of a header-only file joins
#     them (the join over every row).
#  2. Times each command (wall and CPU seconds, peak RSS from GNU time;
#     the median of BENCH_POP_RUNS runs) against the targets of issue
#     24: population-report < 30 s, variance and groups < 5 s, context
#     < 0.5 s, triage --db < 30 s (and issue 38's 60 s for trend and for
#     every row of `jobs`, text and csv), each with the 1-minute load average
#     when it started and pass/over for the wall and the CPU time.  On a
#     machine shared with other jobs the wall time includes waiting for
#     a core: the CPU column (user + sys) is what the run itself cost.
#     With IOLENS_OLD (another build) both are run alternately, old new
#     old new ..., and the ratio old/new of the median CPU seconds is
#     printed beside them.
#
# Environment: IOLENS (default bin/iolens), IOLENS_OLD, BENCH_SHARED
# (default ../shared), BENCH_POP_N, BENCH_POP_STORE (an existing store
# to time instead of making one; it is only read), BENCH_POP_RUNS
# (default 1, 3 with IOLENS_OLD), BENCH_POP=0 skips, BENCH_TIMEOUT
# (default 600 s a command), TMPDIR (about 2 GB for 1M jobs, 20 GB for
# 10M).
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"
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
# make_store: the synthetic store at $DB
make_store() {
	echo "== population store of $N jobs: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
	s=$(date +%s.%N)
	"$IOLENS" ingest --db "$DB" "$POP" >/dev/null 2>&1
	grow_store "$DB" "$N" || return 1
	grow_sched "$DB" "$N" || return 1
	echo 'JobID|NNodes' >"$TMP/head.txt"
	"$IOLENS" ingest --db "$DB" --sacct "$TMP/head.txt" >"$TMP/join.txt" 2>&1
	e=$(date +%s.%N)
	rows=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
	printf 'store made in %.1f s: %d jobs, %d scheduler jobs, %d MiB; %s\n' \
		"$(echo "$e - $s" | bc)" "$rows" "$(sqlite3 "$DB" 'SELECT count(*) FROM sched')" \
		$(($(stat -c %s "$DB") / 1048576)) "$(tail -1 "$TMP/join.txt")"
}

# one BIN NAME ARGS...: one timed run into $TMP/t ("wall cpu rss_kib"),
# 1 on failure (said)
one() {
	local bin=$1 name=$2 w u sy m
	shift 2
	local rc=0
	timeout "$TO" /usr/bin/time -f '%e %U %S %M' -o "$TMP/t0" "$bin" "$@" \
		>/dev/null 2>"$TMP/err" || rc=$?
	# timeout's 124 leaves stderr empty: say so rather than nothing
	[ $rc = 124 ] && echo "timed out after $TO s (BENCH_TIMEOUT)" >"$TMP/err"
	if [ $rc != 0 ]; then
		printf '%-22s failed (%s): %s\n' "$name" "$bin" "$(head -1 "$TMP/err")"
		return 1
	fi
	read -r w u sy m <"$TMP/t0"
	echo "$w $(echo "$u + $sy" | bc) $m" >"$TMP/t"
}

# med FILE COL: the median of column COL of FILE's lines
med() {
	sort -g -k"$2,$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}

# run NAME TARGET_S ARGS...: RUNS timed runs (alternated with the old
# binary when there is one), the medians, pass/over
run() {
	local name=$1 target=$2 load i nw nc nm ow oc om verdict
	shift 2
	load=$(cut -d' ' -f1 /proc/loadavg)
	: >"$TMP/new"
	: >"$TMP/old"
	for i in $(seq "$RUNS"); do
		if [ -n "$OLD" ]; then
			one "$OLD" "$name" "$@" || { bad=1; return; }
			cat "$TMP/t" >>"$TMP/old"
		fi
		one "$IOLENS" "$name" "$@" || { bad=1; return; }
		cat "$TMP/t" >>"$TMP/new"
	done
	nw=$(med "$TMP/new" 1) nc=$(med "$TMP/new" 2) nm=$(med "$TMP/new" 3)
	verdict="wall $(echo "$nw < $target" | bc | sed 's/1/pass/;s/0/OVER/')"
	verdict="$verdict, cpu $(echo "$nc < $target" | bc | sed 's/1/pass/;s/0/OVER/')"
	if [ -n "$OLD" ]; then
		ow=$(med "$TMP/old" 1) oc=$(med "$TMP/old" 2) om=$(med "$TMP/old" 3)
		printf '%-20s %5s %7.2f %7.2f %6.0f   %7.2f %7.2f %6.0f %6.2fx  < %-4s %s\n' \
			"$name" "$load" "$ow" "$oc" "$(echo "$om / 1024" | bc)" \
			"$nw" "$nc" "$(echo "$nm / 1024" | bc)" \
			"$(echo "if ($nc < 0.01) 0 else $oc / $nc" | bc -l)" "$target" "$verdict"
	else
		printf '%-20s %5s %7.2f %7.2f %6.0f  < %-4s %s\n' "$name" "$load" \
			"$nw" "$nc" "$(echo "$nm / 1024" | bc)" "$target" "$verdict"
	fi
}

# time_all: every command against its target
time_all() {
	bad=0
	echo "median of $RUNS run(s); load: the 1-minute load average as the command started;"
	echo "cpu = user + system s; pass/OVER: the median against the target of issue 24;"
	echo "ratio 0: too fast to tell"
	if [ -n "$OLD" ]; then
		echo "old: $OLD, new: $IOLENS, run alternately; ratio = old cpu / new cpu"
		printf '%-20s %5s %7s %7s %6s   %7s %7s %6s %7s  %s\n' command load \
			old_wall old_cpu MiB new_wall new_cpu MiB ratio target
	else
		printf '%-20s %5s %7s %7s %6s  %s\n' command load wall_s cpu_s MiB target
	fi
	run variance 5 variance --db "$DB"
	run "groups --by app" 5 groups --by app --db "$DB"
	run context 0.5 context --db "$DB" "$LOG"
	run coverage 30 coverage --db "$DB"
	run "triage --db" 30 triage --db "$DB"
	run population-report 30 population-report --db "$DB" -o "$TMP/pop.pdf"
	# issue 38's ten million: trend and every row of `jobs` too, 60 s
	run trend 60 trend --db "$DB"
	run "jobs (text)" 60 jobs --db "$DB"
	run "jobs --format csv" 60 jobs --db "$DB" --format csv
}

OLD=${IOLENS_OLD:-}
RUNS=${BENCH_POP_RUNS:-$([ -n "$OLD" ] && echo 3 || echo 1)}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-popstore.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM
DB=$TMP/m.db
if [ -n "${BENCH_POP_STORE:-}" ]; then
	DB=$BENCH_POP_STORE
	echo "== population store $DB: $(sqlite3 "$DB" 'SELECT count(*) FROM jobs') jobs;" \
		"$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
else
	make_store || exit 1
fi
LOG=$(sqlite3 "$DB" "SELECT path FROM jobs ORDER BY id DESC LIMIT 1")
time_all
exit "$bad"
