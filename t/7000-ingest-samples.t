#!/bin/sh
# iolens ingest on sample-logs/ (no ../shared needed): every Darshan log
# of the tree becomes one job whose POSIX bytes and nprocs equal the
# darshan-parser output shipped beside it; a rerun adds nothing; --users
# and --projects name users and projects; bad arguments are usage errors.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
q() { sqlite3 -batch -noheader -separator '	' "$@"; }

DB=$TMP/s.db
n=$(find "$SAMPLES" -name '*.darshan' | wc -l)
$RUN ingest --db "$DB" "$SAMPLES" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest of sample-logs/ exits 0"
is "$(q "$DB" 'SELECT count(*) FROM jobs')" "$n" "one job per .darshan file ($n)"
is "$(cat "$TMP/err")" "" "no warning"

# ground truth: darshan-parser --total and the header of darshan-parser
find "$SAMPLES" -name '*.darshan' | sort | while read -r f; do
	b=${f%.darshan}
	# the population examples ship without darshan-parser output
	[ -f "$b.parser-total.txt" ] || continue
	r=$(sed -n 's/^total_POSIX_BYTES_READ: //p' "$b.parser-total.txt")
	w=$(sed -n 's/^total_POSIX_BYTES_WRITTEN: //p' "$b.parser-total.txt")
	h=$b.parser.txt
	[ -f "$h" ] || h=$h.xz
	p=$(zcat_any "$h" | sed -n 's/^# nprocs: //p')
	u=$(zcat_any "$h" | sed -n 's/^# uid: //p')
	# darshan-parser gives no totals of a partial log: its flag instead
	if grep -q 'contains incomplete data' "$b.parser-total.txt"; then
		r=partial w=partial
	fi
	printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$f")" "${r:-NULL}" "${w:-NULL}" "$p" "$u"
done >"$TMP/want"
q "$DB" "SELECT replace(path, rtrim(path, replace(path, '/', '')), ''), iif(partial, 'partial', ifnull(posix_bytes_read, 'NULL')), iif(partial, 'partial', ifnull(posix_bytes_written, 'NULL')), nprocs, uid FROM jobs ORDER BY path" |
	sort | awk -F'\t' 'NR == FNR { want[$1] = 1; next } $1 in want' "$TMP/want" - >"$TMP/got"
sort "$TMP/want" >"$TMP/want.s"
cmp -s "$TMP/want.s" "$TMP/got"
ok $? "POSIX bytes, nprocs, uid and partial flags as darshan-parser says"
diff "$TMP/want.s" "$TMP/got" | head -5 | sed 's/^/# /'
is "$(q "$DB" "SELECT DISTINCT user FROM jobs WHERE path LIKE '%/root\_%' ESCAPE '\\'")" "root" \
	"user from the log-file name"
is "$(q "$DB" "SELECT count(*) FROM jobs WHERE app IS NULL OR app LIKE '%/%' OR app LIKE '% %'")" "0" \
	"app is a base name without arguments"

$RUN ingest --db "$DB" "$SAMPLES" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "$n logs: 0 added, 0 refreshed, $n unchanged, 0 failed" \
	"a rerun adds nothing"

# --users (uid -> name, for logs not named user_exe_id...) and --projects
mkdir "$TMP/renamed"
f=$(find "$SAMPLES/ior" -name '*.darshan' | sort | head -1)
cp "$f" "$TMP/renamed/job1.darshan"
printf '# uid name\n0 operator\n' >"$TMP/users"
printf 'operator  climate\n' >"$TMP/projects"
$RUN ingest --db "$TMP/u.db" --users "$TMP/users" --projects "$TMP/projects" \
	"$TMP/renamed" >/dev/null 2>&1
is "$(q "$TMP/u.db" 'SELECT user, project FROM jobs')" "operator	climate" \
	"--users names uid 0, --projects maps the user to its project"
$RUN ingest --db "$TMP/v.db" "$TMP/renamed/job1.darshan" >/dev/null 2>&1
is "$(q "$TMP/v.db" 'SELECT user, project IS NULL FROM jobs')" "0	1" \
	"without them: the uid, no project"

# on a terminal (script(1) gives one): the progress bar, rate and ETA
if command -v script >/dev/null 2>&1; then
	script -qfc "$IOLENS ingest --db $TMP/tty.db $SAMPLES" "$TMP/typescript" >/dev/null 2>&1
	grep -q 'COMMAND_EXIT_CODE="0"' "$TMP/typescript"
	ok $? "on a terminal ingest exits 0"
	grep -q "] $n/$n logs .* logs/s.\\[K" "$TMP/typescript"
	ok $? "and draws a progress bar with the rate, no ETA once all are done"
else
	ok 0 "# skip script(1) is not installed"
	ok 0 "# skip script(1) is not installed"
fi
grep -q 'logs/s' "$TMP/err"
is "$?" "1" "no progress bar when stderr is not a terminal"

# the job-row columns hold what `iolens summary --format tsv` prints
find "$SAMPLES" -name '*.darshan' | sort >"$TMP/logs"
# shellcheck disable=SC2046
$RUN summary --format tsv $(cat "$TMP/logs") >"$TMP/sum.tsv" 2>/dev/null
sel=$(head -1 "$TMP/sum.tsv" | tr '\t' '\n' | awk -v q="'" '{
	printf "%siif(typeof(\"%s\") = %sreal%s, printf(%s%%!.17g%s, \"%s\"), ifnull(\"%s\", %s%s))", (NR > 1 ? ", " : ""), $1, q, q, q, q, $1, $1, q, q }')
q "$DB" "SELECT $sel FROM jobs ORDER BY path" | sort >"$TMP/store.s"
tail -n +2 "$TMP/sum.tsv" | sort >"$TMP/sum.s"
bad=$(paste -d '\n' "$TMP/sum.s" "$TMP/store.s" | awk -F'\t' '
	function isnum(x) { return x ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
	NR % 2 { n = split($0, a, "\t"); next }
	{
		m = split($0, b, "\t")
		if (m != n) { print "# columns " n " != " m; bad++; next }
		for (i = 1; i <= n; i++)
			if (isnum(a[i]) && isnum(b[i]) ? a[i] + 0 != b[i] + 0 : a[i] != b[i]) {
				bad++
				if (bad <= 5) print "# row " NR / 2 " column " i ": " a[i] " != " b[i]
			}
	}
	END { print bad + 0 }')
echo "$bad" | sed -n '/^#/p'
is "$(echo "$bad" | tail -1)" "0" "every job-row column equals summary --format tsv"
is "$(wc -l <"$TMP/store.s")" "$n" "for all $n logs"

# --nodes: MiB/s per node as summary --nodes computes it
$RUN ingest --db "$TMP/n.db" --nodes 2 "$SAMPLES/ior" >/dev/null 2>&1
is "$(q "$TMP/n.db" "SELECT count(*) FROM jobs WHERE nodes = 2 AND nodes_source = '--nodes' AND abs(mib_s_per_node * 2 - mib_s) <= 1e-9 * mib_s")" \
	"$(q "$TMP/n.db" 'SELECT count(*) FROM jobs WHERE mib_s > 0')" \
	"--nodes 2: nodes 2, MiB/s per node = MiB/s / 2"
$RUN ingest --db "$DB" --nodes 0 "$SAMPLES" >/dev/null 2>&1
is "$?" "2" "--nodes 0: usage error"

# @listfile: one log or directory per line
f2=$(find "$SAMPLES/nonmpi" -name '*.darshan' | sort | head -1)
printf '%s\n%s\n' "$TMP/renamed" "$f2" >"$TMP/list"
$RUN ingest --db "$TMP/l.db" @"$TMP/list" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "2 logs: 2 added, 0 refreshed, 0 unchanged, 0 failed" \
	"@listfile names a directory and a log"

# the schema: meta and the column types from the job-row table
is "$(q "$DB" "SELECT value FROM meta WHERE key = 'schema_version'")" "2" "schema_version 2"
is "$(q "$DB" "SELECT type FROM pragma_table_info('jobs') WHERE name IN ('path', 'nprocs', 'bytes_read', 'run_time', 'files_written') ORDER BY name")" \
	"INTEGER
INTEGER
INTEGER
TEXT
REAL" "column types follow the field types"
ok "$([ ! -e "$DB-wal" ]; echo $?)" "a closed store is one file (no WAL left)"

# usage errors and unreadable inputs
$RUN ingest "$SAMPLES" >/dev/null 2>"$TMP/err"
is "$?" "2" "no --db: usage error"
$RUN ingest --db "$DB" --shard 3/3 "$SAMPLES" >/dev/null 2>&1
is "$?" "2" "--shard 3/3: usage error"
$RUN ingest --db "$DB" "$TMP/nonexistent" >/dev/null 2>"$TMP/err"
is "$?" "1" "a missing argument: exit 1"
is "$(cat "$TMP/err")" "iolens ingest: cannot open '$TMP/nonexistent': No such file or directory" \
	"with the house message"
echo "not sqlite" >"$TMP/notdb"
$RUN ingest --db "$TMP/notdb" "$SAMPLES" >/dev/null 2>"$TMP/err"
is "$?" "1" "a store that is not SQLite: exit 1"
is "$(wc -l <"$TMP/err")" "1" "one line"
$RUN merge-db "$TMP/m.db" "$TMP/nonexistent" >/dev/null 2>&1
is "$?" "1" "merge-db of a missing shard: exit 1"
$RUN merge-db "$TMP/m.db" "$TMP/notdb" >/dev/null 2>&1
is "$?" "1" "merge-db of a file that is not a store: exit 1"
$RUN merge-db "$TMP/m.db" >/dev/null 2>&1
is "$?" "2" "merge-db without a shard: usage error"

done_testing
