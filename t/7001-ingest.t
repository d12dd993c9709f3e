#!/bin/sh
# iolens ingest on the population corpus (../shared/corpus/population):
# 406 jobs, the 4 partial ones flagged, bytes per job against the
# manifest's ground truth (the jobs' own IOR/dd/mdtest reports and
# darshan-parser --perf), users and apps from the manifest; a second
# ingest reads no log; new logs are added; bad logs go to errors.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -d "$POP/logs" ] || skip_all "no population corpus in $POP"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
MAN=$POP/manifest.tsv

q() { sqlite3 -batch -noheader -separator '	' "$@"; }

# every jobs column but the id and ingest time, reals in full, by path
rows() {
	cols=$(q "$1" "SELECT group_concat(printf('iif(typeof(\"%s\") = ''real'', printf(''%%!.17g'', \"%s\"), quote(\"%s\"))', name, name, name), ' || ''|'' || ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'ingest_time')")
	q "$1" "SELECT $cols FROM jobs ORDER BY path"
}

DB=$TMP/pop.db
$RUN ingest --db "$DB" -j 2 "$POP/logs" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest of the population exits 0"
is "$(cat "$TMP/out")" "406 logs: 406 added, 0 refreshed, 0 unchanged, 0 failed" \
	"ingest says what it did"
is "$(cat "$TMP/err")" "" "and warns of nothing"
is "$(q "$DB" 'SELECT count(*), count(DISTINCT path) FROM jobs')" "406	406" \
	"406 jobs, one row per log"
is "$(q "$DB" 'SELECT count(*) FROM errors')" "0" "no errors"

# partial flags against the manifest's log_status
awk -F'\t' 'NR > 1 && $3 != "complete" { print $2 }' "$MAN" | sort >"$TMP/want-partial"
q "$DB" "SELECT replace(path, rtrim(path, replace(path, '/', '')), '') FROM jobs WHERE partial = 1" |
	sort >"$TMP/got-partial"
is "$(wc -l <"$TMP/want-partial")" "4" "the manifest has 4 partial logs"
cmp -s "$TMP/want-partial" "$TMP/got-partial"
ok $? "the same 4 logs are flagged partial"

# the manifest's identity columns: user, uid, app, nprocs
awk -F'\t' 'NR > 1 { print $2 "\t" $5 "\t" $6 "\t" $7 "\t" $10 }' "$MAN" | sort >"$TMP/want-id"
q "$DB" "SELECT replace(path, rtrim(path, replace(path, '/', '')), ''), user, uid, app, nprocs FROM jobs" |
	sort >"$TMP/got-id"
cmp -s "$TMP/want-id" "$TMP/got-id"
ok $? "user, uid, app and nprocs of every job as in the manifest"
diff "$TMP/want-id" "$TMP/got-id" | head -5 | sed 's/^/# /'

# bytes: POSIX read+written = darshan-parser --perf total_bytes for every
# complete log; per direction = the job's own report where the README says
# they match, with its stated offsets for turb-coll and h5-ckpt
q "$DB" "SELECT replace(path, rtrim(path, replace(path, '/', '')), ''), posix_bytes_read, posix_bytes_written FROM jobs" |
	sort >"$TMP/got-bytes"
awk -F'\t' 'NR > 1 { print $2 "\t" $3 "\t" $7 "\t" $10 "\t" $16 "\t" $17 "\t" $34 }' "$MAN" |
	sort | join -t '	' - "$TMP/got-bytes" >"$TMP/joined"
is "$(wc -l <"$TMP/joined")" "406" "every manifest row joins a job"
bad=$(awk -F'\t' '
	function fail(m) { n++; if (n <= 5) print "# " $1 ": " m }
	$2 == "complete" {
		perf++
		if ($8 + $9 != $7) fail("posix total " $8 + $9 " != perf " $7)
		w = $5 + 0; r = $6 + 0
		if ($3 ~ /^(ckpt-n1|ckpt-fpp|turb-small|esm-rank0|io-agg|readmostly|dd|esm-meta)$/) {
			gt++
			if ($9 != w || $8 != r) fail("bytes " $8 "/" $9 " != " r "/" w)
		} else if ($3 == "turb-coll") {
			gt++
			if ($9 != w + 200 || $8 != r) fail("turb-coll " $9 " != " w "+200")
		} else if ($3 == "h5-ckpt") {
			gt++
			extra = $4 == 1 ? 4208 : $4 == 2 ? 6104 : 9896
			if ($8 + $9 != w + r + extra) fail("h5-ckpt total")
		}
	}
	END { print n + 0 " " perf + 0 " " gt + 0 }' "$TMP/joined")
echo "$bad" | sed -n '/^#/p'
is "$(echo "$bad" | tail -1)" "0 402 377" \
	"bytes of 402 complete logs equal --perf, of 377 the jobs' own reports"

# files written (Fig. 5): a file-per-process IOR job writes one file per
# rank of -b bytes (c04-c06: 32m, 16m, 8m at 4, 8, 16 ranks)
is "$(q "$DB" "SELECT DISTINCT nprocs, files_written_1m_16m, files_written_16m_256m FROM jobs WHERE app = 'ckpt-fpp' ORDER BY nprocs" | tr '\t\n' ', ')" \
	"4,0,4 8,0,8 16,16,0 " "ckpt-fpp writes one file of -b bytes per rank"
is "$(q "$DB" "SELECT count(*) FROM jobs WHERE files_written != files_written_lt_4k + files_written_4k_64k + files_written_64k_1m + files_written_1m_16m + files_written_16m_256m + files_written_256m_4g + files_written_ge_4g")" \
	"0" "the size classes add up to files_written"

# ---- incremental: a second ingest reads no log ----
mkdir -p "$TMP/tree"
cp -p "$POP"/logs/*.darshan "$TMP/tree/"
DB2=$TMP/inc.db
$RUN ingest --db "$DB2" "$TMP/tree" >/dev/null 2>&1
ok $? "ingest of a copy of the tree"
rows "$DB2" >"$TMP/rows1"
# same size and mtime, different bytes: were a log read, it would fail
for f in "$TMP"/tree/*.darshan; do
	head -c "$(wc -c <"$f")" /dev/zero >"$TMP/zero"
	cat "$TMP/zero" >"$f.new" && touch -r "$f" "$f.new" && mv "$f.new" "$f"
done
$RUN ingest --db "$DB2" "$TMP/tree" >"$TMP/out" 2>"$TMP/err"
ok $? "second ingest exits 0"
is "$(cat "$TMP/out")" "406 logs: 0 added, 0 refreshed, 406 unchanged, 0 failed" \
	"second ingest adds nothing"
rows "$DB2" >"$TMP/rows2"
cmp -s "$TMP/rows1" "$TMP/rows2"
ok $? "no row changed: no log was read (their bytes are now zeros)"
is "$(q "$DB2" 'SELECT count(*) FROM errors')" "0" "and none failed"

mkdir "$TMP/tree/new"
ls "$POP"/logs/*.darshan | head -10 | while read -r f; do
	cp "$f" "$TMP/tree/new/x$(basename "$f")"
done
$RUN ingest --db "$DB2" "$TMP/tree" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "416 logs: 10 added, 0 refreshed, 406 unchanged, 0 failed" \
	"adding 10 logs adds 10"
is "$(q "$DB2" 'SELECT count(*) FROM jobs')" "416" "416 rows"

# --refresh=all re-reads every log: the zeroed ones now fail and leave jobs
$RUN ingest --db "$DB2" --refresh=all "$TMP/tree/new" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "10 logs: 0 added, 10 refreshed, 0 unchanged, 0 failed" \
	"--refresh=all re-ingests unchanged logs"
is "$(q "$DB2" 'SELECT count(*), count(DISTINCT path) FROM jobs')" "416	416" \
	"and keeps one row per log"

# --refresh re-reads the logs another iolens version stored, only those
sqlite3 "$DB2" "UPDATE jobs SET iolens_version = '0.0.0-old', bytes_read = -1 WHERE path LIKE '%/new/%'"
$RUN ingest --db "$DB2" --refresh "$TMP/tree" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "416 logs: 0 added, 10 refreshed, 406 unchanged, 0 failed" \
	"--refresh re-ingests the 10 rows of another version"
is "$(q "$DB2" "SELECT count(*) FROM jobs WHERE bytes_read = -1 OR iolens_version = '0.0.0-old'")" "0" \
	"and recomputes them"

# ---- bad logs in a tree ----
mkdir -p "$TMP/bad/a" "$TMP/bad/b"
ls "$POP"/logs/*.darshan | head -5 | while read -r f; do cp "$f" "$TMP/bad/a/"; done
f=$(ls "$POP"/logs/*.darshan | head -1)
head -c 1000 "$f" >"$TMP/bad/b/truncated.darshan"
: >"$TMP/bad/b/empty.darshan"
echo "not a log at all" >"$TMP/bad/b/text.darshan"
echo "ignored: not named .darshan" >"$TMP/bad/b/README"
$RUN ingest --db "$TMP/bad.db" "$TMP/bad" >"$TMP/out" 2>"$TMP/err"
is "$?" "1" "a tree with bad logs: exit 1"
is "$(grep -c "^iolens ingest: cannot read '.*/bad/b/[a-z]*.darshan': " "$TMP/err")" "3" \
	"one warning line per bad log"
is "$(q "$TMP/bad.db" 'SELECT count(*) FROM jobs')" "5" "the good logs are ingested"
is "$(q "$TMP/bad.db" "SELECT group_concat(replace(path, rtrim(path, replace(path, '/', '')), ''), ' ') FROM (SELECT path FROM errors ORDER BY path)")" \
	"empty.darshan text.darshan truncated.darshan" "the bad ones are in errors"
is "$(q "$TMP/bad.db" "SELECT count(*) FROM errors WHERE message = '' OR message IS NULL")" "0" \
	"each with its message"
$RUN ingest --db "$TMP/bad.db" "$TMP/bad" >"$TMP/out" 2>"$TMP/err"
ok $? "a rerun does not retry unchanged bad logs"
is "$(cat "$TMP/out")" "8 logs: 0 added, 0 refreshed, 5 unchanged, 0 failed, 3 failed before (not retried)" \
	"and says so"

# ---- shards and merge-db give the serial rows ----
for k in 0 1 2; do
	$RUN ingest --db "$TMP/shard$k.db" --shard $k/3 "$POP/logs" >/dev/null 2>&1
done
n0=$(q "$TMP/shard0.db" 'SELECT count(*) FROM jobs')
n1=$(q "$TMP/shard1.db" 'SELECT count(*) FROM jobs')
n2=$(q "$TMP/shard2.db" 'SELECT count(*) FROM jobs')
is "$((n0 + n1 + n2))" "406" "3 shards hold 406 jobs in all ($n0 + $n1 + $n2)"
ok "$([ "$n0" -gt 0 ] && [ "$n1" -gt 0 ] && [ "$n2" -gt 0 ]; echo $?)" "every shard has jobs"
$RUN merge-db "$TMP/merged.db" "$TMP/shard0.db" "$TMP/shard1.db" "$TMP/shard2.db" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "3 stores: 406 jobs added" "merge-db adds the 406 jobs"
rows "$DB" >"$TMP/serial"
rows "$TMP/merged.db" >"$TMP/merged"
cmp -s "$TMP/serial" "$TMP/merged"
ok $? "merged rows equal the serial ingest's"
$RUN merge-db "$TMP/merged.db" "$TMP/shard1.db" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "1 store: 0 jobs added" "merging a shard again adds nothing"
is "$(q "$TMP/merged.db" 'SELECT count(*) FROM jobs')" "406" "still 406 rows"

# ---- -j does not change the store ----
$RUN ingest --db "$TMP/j1.db" -j 1 "$POP/logs" >/dev/null 2>&1
rows "$TMP/j1.db" >"$TMP/j1"
cmp -s "$TMP/serial" "$TMP/j1"
ok $? "-j 1 and -j 2 give the same rows"

done_testing
