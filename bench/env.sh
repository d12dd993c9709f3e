# bench/env.sh: what the bench scripts start from, sourced after their
# re-exec under bash: the C locale and UTC, TOP (this checkout), IOLENS
# (default bin/iolens), SHARED (BENCH_SHARED, default ../shared) and POP
# (its population corpus), MEDIANS (the awk program of two sides' medians).
set -u
export LC_ALL=C TZ=UTC
TOP=$(cd "$(dirname "$0")/.." && pwd)
IOLENS=${IOLENS:-$TOP/bin/iolens}
SHARED=${BENCH_SHARED:-$TOP/../shared}
POP=$SHARED/corpus/population/logs
MEDIANS=$TOP/bench/medians.awk

# grow_jobs DB N: a store of real jobs made N jobs long, each job copied
# with its path, job id and times shifted (the synthetic population of
# the store benches), about a million rows an INSERT: SQLite writes an
# INSERT ... SELECT from its own table to a temporary table first, so
# that one INSERT of ten million rows needed 20 GB of disk more than
# the store; the same rows in the same order; 1 when sqlite3 fails
grow_jobs() {
	n=$(sqlite3 "$1" 'SELECT count(*) FROM jobs')
	k=$((($2 + n - 1) / n - 1))
	step=$((1000000 / n > 0 ? 1000000 / n : 1))
	cols=$(sqlite3 "$1" "SELECT group_concat('\"' || name || '\"', ',')
		FROM pragma_table_info('jobs') WHERE name NOT IN
		('id', 'path', 'jobid', 'start_time', 'end_time', 'sched_id')")
	lo=1
	# POSIX sh: t/7132 runs this function under sh
	while [ "$lo" -le "$k" ]; do
		hi=$((lo + step - 1 < k ? lo + step - 1 : k))
		sqlite3 "$1" >/dev/null "PRAGMA journal_mode = OFF;
			PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;
			WITH RECURSIVE k(i) AS (SELECT $lo UNION ALL SELECT i + 1
				FROM k WHERE i < $hi)
			INSERT INTO jobs (path, jobid, start_time, end_time, $cols)
			SELECT path || '#' || i, jobid + i * 100000, start_time + i * 3600,
				end_time + i * 3600, $cols FROM k, jobs WHERE id <= $n
				AND (i - 1) * $n + id <= $2 - $n" || return 1
		lo=$((lo + step))
	done
}

# grow_store DB N: grow_jobs with the jobs table's own indexes dropped
# while it grows and made again after, each from one sorted pass: a row
# put into 30 B-trees at scattered places was most of the 10-12 minutes
# a million rows took on the loaded machine.  The same rows in the same
# order and the same indexes (their SQL kept from sqlite_master); the
# index sort in memory up to 1 GB, on two threads.  1 when sqlite3 fails
grow_store() {
	idx=$(sqlite3 "$1" "SELECT sql || ';' FROM sqlite_master WHERE
		type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL") ||
		return 1
	sqlite3 "$1" "SELECT 'DROP INDEX \"' || name || '\";' FROM sqlite_master
		WHERE type = 'index' AND tbl_name = 'jobs' AND sql IS NOT NULL" |
		sqlite3 "$1" || return 1
	grow_jobs "$1" "$2" || return 1
	printf 'PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
		PRAGMA cache_size = -1000000; PRAGMA threads = 2;
		%s\n' "$idx" | sqlite3 "$1" >/dev/null
}

# grow_sched DB N: a scheduler job for each job (1 to 4 nodes, 32 CPUs a
# node, project by user) and N / 10 more with no log, their job ids
# after the largest of the jobs': the copies' ids (job id + k * 100000)
# pass 900,000,000 at about 3.7 million jobs, where fixed ids from
# 900,000,001 met them in sched's UNIQUE (cluster, jobid) and the
# 10-million-job store stopped there; 1 when sqlite3 fails
grow_sched() {
	sqlite3 "$1" >/dev/null "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
		INSERT INTO sched (jobid, jobid_raw, user, account, state, nnodes, ncpus,
			elapsed, start, end, core_hours)
		SELECT jobid, jobid, user, 'p-' || user, 'COMPLETED', 1 + id % 4,
			32 * (1 + id % 4), 600, start_time - 5, start_time + 595,
			32 * (1 + id % 4) * 600 / 3600.0 FROM jobs;
		WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < $2 / 10)
		INSERT INTO sched (jobid, jobid_raw, user, account, state, nnodes, ncpus,
			elapsed, start, end, core_hours)
		SELECT m + i, m + i, 'other', 'p-other', 'COMPLETED', 2, 64,
			3600, 1795000000, 1795003600, 64.0 FROM k,
			(SELECT max(jobid) AS m FROM jobs)"
}
