#!/bin/sh
# bench/env.sh's grow_sched (issue 38): the scheduler jobs of the
# synthetic store, one a job and a tenth more with no log.  The copies'
# job ids (job id + k * 100000) pass 900,000,000 at about 3.7 million
# jobs, where the extra jobs' fixed ids from 900,000,001 met them in
# sched's UNIQUE (cluster, jobid): a job given id 900,000,001 here stands
# for that, and the rows must still be made, the extra ids none of a job's,
# and `ingest --sacct` join every job.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
# the functions of the benches, not the rest of their environment
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
eval "$(sed -n '/^grow_sched()/,/^}/p' "$TOP/bench/env.sh")"
DB=$TMP/s.db
popstore_build "$DB" "$POP"/logs/*.darshan
grow_jobs "$DB" 4060
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" 4060 "4060 jobs"
sqlite3 "$DB" 'UPDATE jobs SET jobid = 900000001 WHERE id = 7'
grow_sched "$DB" 4060 2>"$TMP/err"
st=$?
[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err"
ok $st "grow_sched: a job with id 900000001 is no conflict"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM sched')" 4466 "4060 + 406 scheduler jobs"
is "$(sqlite3 "$DB" "SELECT count(*) FROM sched WHERE user = 'other'
	AND jobid IN (SELECT jobid FROM jobs)")" 0 "no extra job has a job's id"
echo 'JobID|NNodes' >"$TMP/head.txt"
"$IOLENS" ingest --db "$DB" --sacct "$TMP/head.txt" >"$TMP/join.txt" 2>&1
ok $? "ingest --sacct joins them"
is "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs WHERE sched_id IS NULL')" 0 \
	"every job has its scheduler job"
done_testing
