#!/bin/sh
# The way back to a job (issue 35, section 1): jobs' text shows the
# scheduler's job id and the log's path beside the store's row id; the
# population report's outlier table cuts a long log name in the middle
# with an ellipsis and gives each value its unit.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan
LOG1=$(sqlite3 "$DB" 'SELECT path FROM jobs WHERE id = 1')
JOB1=$(sqlite3 "$DB" 'SELECT jobid FROM jobs WHERE id = 1')

# jobs, text: the header names jobid after id and path last
# (--wide: a path shortened to fit the terminal could not be opened)
$RUN jobs --db "$DB" --top 1 --wide > "$TMP/j.txt"
is $? 0 "jobs text"
is "$(head -1 "$TMP/j.txt" | awk '{ print $1, $2, $NF }')" "id jobid path" \
	"the text header: id, jobid, ..., path"
is "$(sed -n 2p "$TMP/j.txt" | awk '{ print $1, $2, $NF }')" "1 $JOB1 $LOG1" \
	"the row: its id, its scheduler job id and its log's path"
$RUN summary "$(sed -n 2p "$TMP/j.txt" | awk '{ print $NF }')" > /dev/null
ok $? "the path shown opens the job"
COLUMNS=80 $RUN jobs --db "$DB" --top 1 > "$TMP/n.txt"
grep -q 'paths shortened in the middle: --wide' "$TMP/n.txt"
ok $? "a path shortened to fit says how to see it whole"
# machine formats: the same columns by their stable names
$RUN jobs --db "$DB" --top 1 --format json > "$TMP/j.json"
grep -q "\"jobid\": *$JOB1," "$TMP/j.json" && grep -q "\"path\": *\"$LOG1\"" "$TMP/j.json"
ok $? "json has jobid and path"

# the population report's outliers
command -v pdftotext >/dev/null || { skip "pdftotext is not installed" 5; done_testing; exit 0; }
$RUN population-report --db "$DB" -o "$TMP/r.pdf"
is $? 0 "population-report"
pdftotext -layout "$TMP/r.pdf" - |
	awk '/Outliers: jobs unusual/ { on = 1 } on && /^ *[0-9]+ [^ ]+ +(mib_s|mib_s_per_node|pct_io_time_slowest|md_cost_pct|bytes|files) /' > "$TMP/out"
n=$(wc -l < "$TMP/out")
[ "$n" -gt 10 ]
ok $? "the outlier table has rows ($n)"
# the corpus' names are 66 to 70 characters: too long for the column
bad=$(awk '$2 !~ /…/ || $2 !~ /\.darshan$/' "$TMP/out" | head -3)
is "$bad" "" "every long log name is cut in the middle with an ellipsis, its end kept"
bad=$(awk '{ v = $0; sub(/^ *[0-9]+ [^ ]+ +[a-z_]+ +/, "", v) }
	!(v ~ /^[0-9.]+ (MiB\/s|MiB\/s\/CN|%|B|KiB|MiB|GiB|TiB|files) /)' "$TMP/out" | head -3)
is "$bad" "" "every value has its unit"

# an app name too long for Table VI's first column: cut once, in the
# middle, its end kept (it was cut at 23 bytes, then from the left)
APP=a_very_long_application_name_cut_mid_END
cat > "$TMP/long.trace" << END
# iolens-trace 1 (iolens 0.1.0, times UTC) of /opt/bin/$APP f
# started 2026-11-28 17:36:11 UTC
100 17:36:11.250000000 execve("/opt/bin/$APP", ["$APP", "f"], []) = 0 <0.000010000>
100 17:36:11.300000000 openat(AT_FDCWD, "f", O_RDONLY) = 3 <0.000010000>
100 17:36:11.500000000 read(3, "ab", 2) = 2 <0.000010000>
100 17:36:12.750000000 close(3) = 0 <0.000010000>
END
$RUN ingest --db "$TMP/l.db" "$TMP/long.trace" > /dev/null 2>&1
$RUN population-report --db "$TMP/l.db" -o "$TMP/l.pdf"
row=$(pdftotext -layout "$TMP/l.pdf" - | awk '/Table VI per application/ { on = 1 } on && / 1 /' | head -1)
case $row in
a_ve*…*_mid_END\ *) ok 0 "Table VI: a long app name is cut in the middle, once ($row)" ;;
*) ok 1 "Table VI: a long app name is cut in the middle, once ($row)" ;;
esac
done_testing
