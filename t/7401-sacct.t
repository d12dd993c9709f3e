#!/bin/sh
# iolens ingest --sacct and iolens coverage: Slurm sacct -P files made by
# hand (job steps 123.batch and 123.0, array tasks 123_4 with JobIDRaw,
# Elapsed 1-02:03:04, empty and absent fields, bad lines) are read into the
# sched table; jobs are joined by job id (nodes, project, MiB/s per node);
# coverage per project equals what awk computes from the same files; an
# old store is migrated; the sample logs and (when ../shared is present)
# the 406 population jobs are joined against sacct files made from their
# job ids.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
export TZ=UTC
q() { sqlite3 -separator '|' "$1" "$2"; }

# ---- a hand-made file ----
S=$TMP/s.txt
cat >"$S" <<'E'
JobID|JobIDRaw|User|Account|NNodes|NCPUS|Elapsed|Start|End|State
123|123|alice|chem|2|64|00:10:00|2026-11-21T10:00:00|2026-11-21T10:10:00|COMPLETED
123.batch|123.batch|||1|32|00:10:00|2026-11-21T10:00:00|2026-11-21T10:10:00|COMPLETED
123.0|123.0|||2|64|00:09:00|2026-11-21T10:00:30|2026-11-21T10:09:30|COMPLETED
500_4|504|bob|climate|1|32|1-02:03:04|2026-11-20T08:00:00|2026-11-21T10:03:04|COMPLETED
500_4.batch|504.batch|||1|32|1-02:03:04|2026-11-20T08:00:00|2026-11-21T10:03:04|COMPLETED
500_[5-9]|505|bob|climate|0|0|00:00|Unknown|Unknown|PENDING
777|777|carol||4|128|05:30|2026-11-21T09:00:00|Unknown|RUNNING
778|778|carol|climate||||||FAILED
779|779|carol|climate|x|128|01:00:00|2026-11-21T09:00:00|2026-11-21T10:00:00|FAILED
780|780|carol|climate|1|128|1:2:3:4|2026-11-21T09:00:00|2026-11-21T10:00:00|FAILED
781|781|carol|climate|1|128|01:00:00|2026-11-21T09:00:00
782|782|carol|climate|1|128|01:00:00|2026-11-21T25:00:00|2026-11-21T10:00:00|FAILED
12a|12a|carol|climate|1|1|01:00|||COMPLETED
E
DB=$TMP/h.db
$RUN ingest --db "$DB" --sacct "$S" >"$TMP/out" 2>"$TMP/err"
is "$?" 1 "bad lines: exit 1, the good lines kept"
is "$(cat "$TMP/err")" "iolens ingest: '$S' line 10: bad NNodes 'x'
iolens ingest: '$S' line 11: bad Elapsed '1:2:3:4'
iolens ingest: '$S' line 12: 8 fields, the header has 10
iolens ingest: '$S' line 13: bad Start '2026-11-21T25:00:00'
iolens ingest: '$S' line 14: bad JobID '12a'" "one message per bad line, with its number and field"
is "$(head -1 "$TMP/out")" "$S: 4 scheduler jobs, 3 step lines folded into their jobs, 1 not started, 5 bad lines" \
	"summary: jobs, steps, pending, bad lines"
is "$(q "$DB" "SELECT jobid, jobid_raw, array_job, array_task, elapsed FROM sched WHERE jobid = '500_4'")" \
	"500_4|504|500|4|93784.0" "array task 500_4: raw id 504, Elapsed 1-02:03:04 = 93784 s"
is "$(q "$DB" "SELECT nnodes, ncpus, elapsed, core_hours FROM sched WHERE jobid = '123'")" \
	"2|64|600.0|10.6666666666667" "job 123: its own line, not its steps"
is "$(q "$DB" "SELECT elapsed, end IS NULL, account IS NULL FROM sched WHERE jobid = '777'")" \
	"330.0|1|1" "MM:SS, End Unknown and an empty Account: unknown"
is "$(q "$DB" "SELECT nnodes IS NULL, ncpus IS NULL, elapsed IS NULL, start IS NULL, core_hours IS NULL FROM sched WHERE jobid = '778'")" \
	"1|1|1|1|1" "empty fields are NULL"
is "$(q "$DB" "SELECT start FROM sched WHERE jobid = '123'")" "1795255200.0" "Start read as local time (TZ=UTC)"
is "$(q "$DB" "SELECT value FROM meta WHERE key = 'schema_version'")" "2" "schema 2"

# the same file again: replaced by (cluster, jobid), not doubled
$RUN ingest --db "$DB" --sacct "$S" >/dev/null 2>&1
is "$(q "$DB" "SELECT count(*) FROM sched")" 4 "ingested twice: still 4 jobs"

# no header, missing fields, empty, unreadable
printf '123|alice|chem\n' >"$TMP/nohead.txt"
$RUN ingest --db "$DB" --sacct "$TMP/nohead.txt" >/dev/null 2>"$TMP/err"
is "$?" 1 "no header: exit 1"
is "$(cat "$TMP/err")" "iolens ingest: '$TMP/nohead.txt': line 1: not an sacct -P header (no JobID field; run sacct -P without -n and with --format=JobID,JobIDRaw,Cluster,User,Account,NNodes,NCPUS,Elapsed,Start,End,State)" \
	"no header: says how to run sacct"
printf 'JobID|NCPUS|Elapsed\n900|4|01:00:00\n' >"$TMP/few.txt"
$RUN ingest --db "$DB" --sacct "$TMP/few.txt" >/dev/null 2>"$TMP/err"
is "$?" 0 "few fields: exit 0"
is "$(cat "$TMP/err")" "iolens ingest: warning: '$TMP/few.txt' has no field User, Account, NNodes, Start, End, State: those values are unknown (sacct -P --format=JobID,JobIDRaw,Cluster,User,Account,NNodes,NCPUS,Elapsed,Start,End,State)" \
	"few fields: one warning naming them"
: >"$TMP/empty.txt"
$RUN ingest --db "$DB" --sacct "$TMP/empty.txt" >/dev/null 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens ingest: '$TMP/empty.txt': empty: no sacct -P header" "empty file: exit 1, one line"
$RUN ingest --db "$DB" --sacct "$TMP/nope.txt" >/dev/null 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens ingest: cannot open '$TMP/nope.txt': No such file or directory" "missing file: exit 1"
head -c 3000 /dev/urandom >"$TMP/junk.txt"
$RUN ingest --db "$DB" --sacct "$TMP/junk.txt" >/dev/null 2>&1
is "$?" 1 "random bytes: exit 1, no crash"

# ---- coverage against awk ----
# cov FILE JOBIDS: project,jobs,core_hours,inst_jobs,inst_core_hours from
# the sacct file (job lines only) and the list of Darshan job ids
cov() {
	awk -F'|' -v ids="$2" '
	function el(s,   d, n, p) {
		d = 0
		if (s ~ /-/) { split(s, p, "-"); d = p[1]; s = p[2] }
		n = split(s, p, ":")
		if (n == 2) return d * 86400 + p[1] * 60 + p[2]
		return d * 86400 + p[1] * 3600 + p[2] * 60 + p[3]
	}
	BEGIN { while ((getline l < ids) > 0) inst[l] = 1 }
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["JobID"] ~ /[.[]/ || $c["State"] ~ /^PENDING/ { next }
	{
		a = $c["Account"] == "" ? "(none)" : $c["Account"]
		h = $c["NCPUS"] * el($c["Elapsed"]) / 3600
		j[a]++; ch[a] += h
		if ($c["JobIDRaw"] in inst) { ij[a]++; ich[a] += h }
	}
	END { for (a in j) printf "%s,%d,%.4f,%d,%.4f\n", a, j[a], ch[a], ij[a], ich[a] }' "$1" | sort
}
got_cov() {
	$RUN coverage --db "$1" --format csv | awk -F, 'NR > 1 { printf "%s,%d,%.4f,%d,%.4f\n", $1, $2, $3, $4, $5 }' | sort
}

# the sample logs, with their sacct file (sample-logs/population/sacct.txt)
SDB=$TMP/sample.db
$RUN ingest --db "$SDB" "$SAMPLES/population/logs" >/dev/null 2>&1
$RUN ingest --db "$SDB" --sacct "$SAMPLES/population/sacct.txt" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "sample sacct file: exit 0, no message"
is "$(tail -1 "$TMP/out")" "30 job rows joined to the scheduler's jobs" "the 30 sample jobs joined"
q "$SDB" "SELECT jobid FROM jobs" >"$TMP/ids"
cov "$SAMPLES/population/sacct.txt" "$TMP/ids" >"$TMP/want"
got_cov "$SDB" >"$TMP/got"
is "$(cat "$TMP/got")" "$(cat "$TMP/want")" "coverage per project = awk over sacct.txt and the jobs' ids"
is "$(wc -l <"$TMP/got" | tr -d ' ')" 3 "three projects"
is "$($RUN coverage --db "$SDB" --format csv | head -1)" \
	"project,jobs,core_hours,instrumented_jobs,instrumented_core_hours,coverage_pct" "CSV columns"
is "$($RUN coverage --db "$SDB" --format csv | awk -F, '$1 == "chem" { print $6 }')" 100 "chem: every job instrumented, 100 %"
is "$(q "$SDB" "SELECT count(*) FROM jobs WHERE nodes_source = 'scheduler' AND project IS NOT NULL AND nodes > 0 AND abs(mib_s_per_node * nodes - mib_s) <= 1e-9 * mib_s")" \
	30 "jobs: nodes and project from the scheduler, MiB/s per node = MiB/s / nodes"
is "$(q "$SDB" "SELECT DISTINCT nodes FROM jobs WHERE nprocs >= 4")" 2 "nodes as NNodes says (2 for the 4-process jobs)"
$RUN jobs --db "$SDB" --top 1 >"$TMP/jobs.txt"
grep -q "project" "$TMP/jobs.txt" && grep -q "nodes" "$TMP/jobs.txt"
ok $? "jobs shows project and nodes"
# API shares: POSIX in every instrumented job; STDIO where stdio bytes moved
want=$(q "$SDB" "SELECT sum(coalesce(stdio_bytes_read,0) + coalesce(stdio_bytes_written,0) > 0) FROM jobs")
is "$($RUN coverage --db "$SDB" --apis --format csv | awk -F, '$1 == "STDIO" { print $2 "," $3 }')" "$want,30" \
	"--apis: STDIO jobs = jobs whose logs moved STDIO bytes"
$RUN coverage --db "$TMP/nope.db" 2>/dev/null
is "$?" 1 "coverage of a missing store: exit 1"
$RUN ingest --db "$TMP/plain.db" "$SAMPLES/population/logs" >/dev/null 2>&1
$RUN coverage --db "$TMP/plain.db" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "1:iolens coverage: '$TMP/plain.db': no scheduler jobs in the store (iolens ingest --sacct file)" \
	"no scheduler jobs: says how to add them"

# sacct first, logs later: the join happens at the log ingest
R=$TMP/rev.db
$RUN ingest --db "$R" --sacct "$SAMPLES/population/sacct.txt" >/dev/null 2>&1
$RUN ingest --db "$R" "$SAMPLES/population/logs" >"$TMP/out" 2>&1
is "$(q "$R" "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL AND nodes_source = 'scheduler'")" 30 \
	"accounting before the logs: joined when the logs come"
# re-ingesting the logs keeps the join
$RUN ingest --db "$R" --refresh=all "$SAMPLES/population/logs" >/dev/null 2>&1
is "$(q "$R" "SELECT count(*) FROM jobs WHERE nodes_source = 'scheduler'")" 30 "re-ingested logs joined again"

# an old store (schema 1) is migrated when opened for writing
O=$TMP/old.db
$RUN ingest --db "$O" "$SAMPLES/population/logs" >/dev/null 2>&1
sqlite3 "$O" "DROP TABLE sched; DROP INDEX jobs_app_start; DROP INDEX jobs_jobid; DROP INDEX jobs_sched;
	ALTER TABLE jobs DROP COLUMN sched_id; UPDATE meta SET value = '1' WHERE key = 'schema_version'"
$RUN ingest --db "$O" --sacct "$SAMPLES/population/sacct.txt" >/dev/null 2>&1
is "$(q "$O" "SELECT value FROM meta WHERE key = 'schema_version'"):$(q "$O" "SELECT count(*) FROM jobs WHERE sched_id IS NOT NULL")" \
	"2:30" "schema 1 store migrated to 2 and joined"
got_cov "$O" >"$TMP/got2"
is "$(cat "$TMP/got2")" "$(cat "$TMP/want")" "the migrated store: the same coverage"

# ---- the population corpus: 406 jobs ----
POP=$SHARED/corpus/population
if [ -f "$POP/manifest.tsv" ]; then
	P=$TMP/pop.db
	$RUN ingest --db "$P" "$POP/logs" >/dev/null 2>&1
	# one scheduler job per log (nodes 1-3 by seq, project by user,
	# an array of tasks for bob), 200 jobs without a log
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i
		print "JobID|JobIDRaw|User|Account|NNodes|NCPUS|Elapsed|Start|End|State"; next }
	function ts(t) { return strftime("%Y-%m-%dT%H:%M:%S", t, 1) }
	{
		id = $c["darshan_jobid"]; u = $c["user"]; s = $c["darshan_start_time"]
		n = 1 + $c["seq"] % 3
		jid = u == "bob" ? "70000_" $c["seq"] : id
		printf "%s|%s|%s|p-%s|%d|%d|00:%02d:%02d|%s|%s|COMPLETED\n", jid, id, u, u, n, 16 * n, $c["seq"] % 60, 7, ts(s - 5), ts(s + 60)
		printf "%s.batch|%s.batch|||1|16|00:01:00|%s|%s|COMPLETED\n", jid, id, ts(s - 5), ts(s + 60)
	}
	END { for (k = 1; k <= 200; k++)
		printf "%d|%d|u%d|p-other%d|4|128|1-00:%02d:00|2026-11-01T00:00:00|2026-11-02T00:00:00|COMPLETED\n", 900000 + k, 900000 + k, k % 5, k % 3, k % 60 }' \
		"$POP/manifest.tsv" >"$TMP/pop-sacct.txt"
	$RUN ingest --db "$P" --sacct "$TMP/pop-sacct.txt" >"$TMP/out" 2>"$TMP/err"
	is "$?:$(cat "$TMP/err")" "0:" "population sacct: exit 0"
	is "$(q "$P" "SELECT count(*) FROM jobs WHERE nodes_source = 'scheduler'")" \
		"$(q "$P" "SELECT count(*) FROM jobs WHERE jobid IS NOT NULL")" "every population job with a job id joined"
	awk -F'|' 'NR > 1 && $1 !~ /[.]/ { print $2 "|" $5 }' "$TMP/pop-sacct.txt" | sort >"$TMP/want-nodes"
	q "$P" "SELECT jobid, nodes FROM jobs" | sort -u >"$TMP/got-nodes"
	is "$(comm -13 "$TMP/want-nodes" "$TMP/got-nodes" | wc -l | tr -d ' ')" 0 "each job's nodes = its NNodes"
	q "$P" "SELECT jobid FROM jobs" >"$TMP/pids"
	cov "$TMP/pop-sacct.txt" "$TMP/pids" >"$TMP/want"
	got_cov "$P" >"$TMP/got"
	is "$(cat "$TMP/got")" "$(cat "$TMP/want")" "population coverage per project = awk"
	is "$(q "$P" "SELECT count(*) FROM sched WHERE array_job = 70000")" \
		"$(awk -F'\t' 'NR > 1 && $5 == "bob"' "$POP/manifest.tsv" | wc -l | tr -d ' ')" "bob's array tasks 70000_N"
	is "$(q "$P" "SELECT count(*) FROM jobs j JOIN sched s ON s.id = j.sched_id WHERE s.array_job = 70000 AND j.user = 'bob'")" \
		"$(q "$P" "SELECT count(*) FROM jobs WHERE user = 'bob'")" "array tasks joined by JobIDRaw"
else
	skip "no population corpus at $POP" 6
fi
done_testing
