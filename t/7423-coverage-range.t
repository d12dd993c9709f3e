#!/bin/sh
# iolens coverage --from/--to, --every month and --by partition (issue
# 35, 4): the scheduler's jobs counted by their start (UTC), a month to a
# row, or by sacct's Partition.  The
# store: 6 scheduler jobs, January (p1 10 core-hours, p2 20), February
# (p1 30 and 40), March (p2 50), one without a start (p1 5); Darshan rows
# joined to January's p1 job and February's first, one joined to none.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
DB=$TMP/c.db
# 2026-01-10, 2026-01-20, 2026-02-05, 2026-02-25, 2026-03-15 00:00 UTC
sqlite3 "$DB" <<'SQL'
CREATE TABLE sched (id INTEGER PRIMARY KEY, cluster TEXT NOT NULL DEFAULT '', jobid TEXT NOT NULL, jobid_raw INTEGER, array_job INTEGER, array_task INTEGER, "user" TEXT, account TEXT, state TEXT, nnodes INTEGER, ncpus INTEGER, elapsed REAL, start REAL, "end" REAL, core_hours REAL, UNIQUE (cluster, jobid));
INSERT INTO sched (id, jobid, account, start, core_hours) VALUES
 (1, '1', 'p1', 1768003200, 10), (2, '2', 'p2', 1768867200, 20),
 (3, '3', 'p1', 1770249600, 30), (4, '4', 'p1', 1771977600, 40),
 (5, '5', 'p2', 1773532800, 50), (6, '6', 'p1', NULL, 5);
CREATE TABLE jobs (id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, app TEXT, start_time REAL, sched_id INTEGER, posix_bytes_read INTEGER, posix_bytes_written INTEGER);
INSERT INTO jobs VALUES (1, '/l/a', 'a', 1768003260, 1, 10, 0), (2, '/l/b', 'b', 1770249660, 3, 0, 5),
 (3, '/l/c', 'c', 1773532860, NULL, 1, 1);
SQL

# the rows, coverage_pct to one decimal (CSV carries it unrounded)
cov() { $RUN coverage --db "$DB" --format csv "$@" |
	awk -F, -v OFS=, 'NR > 1 { $NF = sprintf("%.1f", $NF); printf "%s ", $0 }'; }
is "$(cov)" "p1,4,85,2,40,47.1 p2,2,70,0,0,0.0 " "no range: every scheduler job, as before"
is "$(cov --from 2026-02-01 --to 2026-02)" "p1,2,70,1,30,42.9 " \
	"--from 2026-02-01 --to 2026-02: February's jobs (--to a month: to its end)"
is "$(cov --from 2026-01-15 --to 2026-03-14)" "p1,2,70,1,30,42.9 p2,1,20,0,0,0.0 " \
	"--from 2026-01-15 --to 2026-03-14: the days between, both ends in"
is "$(cov --to 2026-03-15)" "p1,3,80,2,40,50.0 p2,2,70,0,0,0.0 " \
	"--to 2026-03-15: that day in; a job without a start is left out"
is "$(cov --every month)" \
	"2026-01,p1,1,10,1,10,100.0 2026-01,p2,1,20,0,0,0.0 2026-02,p1,2,70,1,30,42.9 2026-03,p2,1,50,0,0,0.0 " \
	"--every month: a row per month and project, from the first start to the last"
is "$(cov --every month --from 2026-02-10)" "2026-02,p1,1,40,0,0,0.0 2026-03,p2,1,50,0,0,0.0 " \
	"--every month --from mid-February: February counted from the 10th"
is "$($RUN coverage --db "$DB" --every month --format csv | head -1)" \
	"period,project,jobs,core_hours,instrumented_jobs,instrumented_core_hours,coverage_pct" \
	"--every month: the period column first"
$RUN coverage --db "$DB" --from 2026-02 --to 2026-02 >"$TMP/t.txt"
grep -q "1 Darshan job rows, 0 of them without" "$TMP/t.txt"
ok $? "text: February's one Darshan row, joined"
$RUN coverage --db "$DB" --every month >"$TMP/m.txt"
grep -q "^2026-02  *(all)  *2 " "$TMP/m.txt"
ok $? "text: a total row per month"

# --by partition: sacct's Partition field, kept by ingest --sacct
cat >"$TMP/sacct.txt" <<'EOF2'
JobID|JobIDRaw|Cluster|User|Account|NNodes|NCPUS|Elapsed|Start|End|State|Partition
11|11|c|alice|p1|1|10|01:00:00|2026-01-10T00:00:00|2026-01-10T01:00:00|COMPLETED|cpu
12|12|c|alice|p1|1|20|01:00:00|2026-02-10T00:00:00|2026-02-10T01:00:00|COMPLETED|gpu
13|13|c|bob|p2|1|30|01:00:00|2026-02-11T00:00:00|2026-02-11T01:00:00|COMPLETED|cpu
14|14|c|bob|p2|1|40|01:00:00|2026-02-12T00:00:00|2026-02-12T01:00:00|COMPLETED|
EOF2
PDB=$TMP/p.db
$RUN ingest --db "$PDB" --sacct "$TMP/sacct.txt" >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "0 " "ingest --sacct with a Partition field"
is "$($RUN coverage --db "$PDB" --by partition --format csv | awk -F, 'NR > 1 { printf "%s:%s:%s ", $1, $2, $3 }')" \
	"(none):1:40 cpu:2:40 gpu:1:20 " "--by partition: the scheduler's partitions, (none) when empty"
is "$($RUN coverage --db "$PDB" --by partition --format csv | head -1 | cut -d, -f1)" "partition" \
	"--by partition: the first column named partition"
is "$($RUN coverage --db "$PDB" --by partition --every month --from 2026-02 --format csv | awk -F, 'NR > 1 { printf "%s:%s:%s ", $1, $2, $3 }')" \
	"2026-02:(none):1 2026-02:cpu:1 2026-02:gpu:1 " "--by partition --every month"
is "$(cov --by partition)" "(none),6,155,2,40,25.8 " \
	"a store made before the partition was kept: every job (none)"

$RUN coverage --db "$DB" --from 2027-01 >/dev/null 2>"$TMP/err"
is "$? $(cat "$TMP/err")" "1 iolens coverage: '$DB': no scheduler jobs started in that time" \
	"a range without jobs: exit 1, said"
$RUN coverage --db "$DB" --from 2026-13-01 >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens coverage: --from wants a date YYYY-MM-DD or YYYY-MM, not '2026-13-01'" \
	"a bad date: usage error"
$RUN coverage --db "$DB" --from 2026-03 --to 2026-02 >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens coverage: --to is before --from" "--to before --from: usage error"
$RUN coverage --db "$DB" --every week >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens coverage: --every wants month, not 'week'" "--every week: usage error"
$RUN coverage --db "$DB" --by user >/dev/null 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens coverage: --by wants project or partition, not 'user'" "--by user: usage error"

# the text through its view (issue 36): headers in words, every line
# within the terminal's width, the notes wrapped
for w in 80 100; do
	COLUMNS=$w $RUN coverage --db "$PDB" --by partition --every month >"$TMP/w.txt"
	is "$(awk -v w=$w 'length > w' "$TMP/w.txt")" "" "text at COLUMNS=$w: no line wider"
done
grep -q "^period  *partition  *jobs  *core-h  *logged jobs  *logged core-h  *coverage %$" "$TMP/w.txt"
ok $? "text: the headers in words, with units"
is "$($RUN help --columns coverage | awk '/^coverage:/ { on = 1; next } /^$/ { on = 0 } on { printf "%s,", $1 }')" \
	"$($RUN coverage --db "$DB" --every month --format csv | head -1)," \
	"the view's keys are the CSV header of --every month"

done_testing
