#!/bin/sh
# ingest --fsload keeps a file system's server telemetry in the store:
# fsload --db and context then use the stored series without the
# recordings, and give what the recordings give, byte for byte (a
# generated LMT database with a reset and a gap, whose bytes are known;
# GPFS mmperfmon and lfs df samples; with ../shared the snx11025 window
# in its three forms).  A recording is stored in one transaction: one
# that fails halfway (a trigger in the store refuses a row) leaves the
# store as it was, also when it was to replace a stored one.  Ingested
# again it is left alone when unchanged and replaced when it changed,
# never kept twice; merge-db carries it.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/fs/lmtgen.sh"
F=$SAMPLES/fsload
S=$TMP/s.db
REC=$TMP/gen.sqlite3
lmt_gen | sqlite3 "$REC"
csv() { $RUN fsload --format=csv "$@"; }
rows() { sqlite3 "$S" "SELECT (SELECT count(*) FROM fs_recordings) || ' ' ||
	(SELECT count(*) FROM fs_targets) || ' ' || (SELECT count(*) FROM fs_samples) ||
	' ' || (SELECT count(*) FROM fs_gauges)"; }

$RUN ingest --db "$S" --fsload "$REC" >"$TMP/out" 2>"$TMP/err"
ok $? "ingest --fsload, no log ($(cat "$TMP/err"))"
grep -q "gen.sqlite3: LMT (SQLite), .* stored$" "$TMP/out"
ok $? "it says what it stored ($(cat "$TMP/out"))"
[ -f "$S" ]
ok $? "a store made for telemetry alone is kept"
csv "$REC" >"$TMP/rec.csv"
for v in "" --ops --periods --intervals "--interval 1m" \
	"--from 2018-01-28T00:00:12Z --to 2018-01-28T00:00:33Z"; do
	csv $v "$REC" >"$TMP/a.csv" 2>&1
	csv $v --db "$S" >"$TMP/b.csv" 2>&1
	cmp -s "$TMP/a.csv" "$TMP/b.csv" && [ -s "$TMP/a.csv" ]
	ok $? "fsload --db ${v:+$v }gives the recording's CSV"
done
mv "$REC" "$TMP/gen.away"
csv --db "$S" >"$TMP/b.csv"
ok $? "fsload --db without the recording file"
is "$(awk -F, '$1 == "gen-OST0000" { print $3, $4, $16, $18 }' "$TMP/b.csv")" \
	"6400 64000 1 1" "the stored series: OST0000's bytes across the reset and the gap, 1 gap, 1 reset"
$RUN fsload --db "$S" | head -1 | grep -q '^gen (LMT (SQLite)): 2 data targets'
ok $? "the text names the file system and the recording's form"
mv "$TMP/gen.away" "$REC"

# again: unchanged, left alone
before=$(rows)
$RUN ingest --db "$S" --fsload "$REC" >"$TMP/out"
grep -q "unchanged" "$TMP/out"
ok $? "the same recording again: unchanged ($(cat "$TMP/out"))"
is "$(rows)" "$before" "the store's rows are as they were"

# changed (a longer series): replaced, not kept twice
lmt_gen 3 >"$TMP/gen3.sql"
rm "$REC"
sqlite3 "$REC" <"$TMP/gen3.sql"
$RUN ingest --db "$S" --fsload "$REC" >"$TMP/out" 2>"$TMP/err"
ok $? "a changed recording ($(cat "$TMP/err"))"
grep -q "stored again (replaced)" "$TMP/out"
ok $? "it is stored again ($(cat "$TMP/out"))"
is "$(sqlite3 "$S" "SELECT count(*) FROM fs_recordings")" 1 "one recording row, not two"
csv "$REC" >"$TMP/a.csv"
csv --db "$S" >"$TMP/b.csv" 2>"$TMP/err"
cmp -s "$TMP/a.csv" "$TMP/b.csv"
ok $? "fsload --db gives the new recording's CSV ($(cat "$TMP/err"))"
is "$(awk -F, '$1 == "gen-OST0000" { print $3 }' "$TMP/b.csv")" 6700 \
	"OST0000: 300 more bytes in the three steps more (100 each)"

# halfway: a trigger refuses the fifth interval of OST0001; nothing of
# the new recording is stored, the old one stays whole
before=$(rows)
csv --db "$S" >"$TMP/before.csv"
sqlite3 "$S" "CREATE TRIGGER boom BEFORE INSERT ON fs_samples
	WHEN NEW.name = 'gen-OST0001' AND NEW.t0 >= 1517097620
	BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;"
lmt_gen 5 >"$TMP/gen5.sql"
rm "$REC"
sqlite3 "$REC" <"$TMP/gen5.sql"
$RUN ingest --db "$S" --fsload "$REC" >/dev/null 2>"$TMP/err"
st=$?
is "$st $(grep -c 'refused by the test' "$TMP/err")" "1 1" \
	"a recording the store refuses halfway: exit 1, said"
is "$(rows)" "$before" "the store's rows are those before it"
csv --db "$S" >"$TMP/b.csv"
cmp -s "$TMP/before.csv" "$TMP/b.csv"
ok $? "fsload --db gives what it gave before"
$RUN ingest --db "$S" --fsload "$F/mmperfmon-nsd.txt" >/dev/null 2>&1
sqlite3 "$S" "DROP TRIGGER boom"
is "$(sqlite3 "$S" "SELECT count(*) FROM fs_recordings")" 2 \
	"another recording stored beside it (the trigger does not touch it)"

# several recordings merged, as fsload merges them
S=$TMP/two.db
$RUN ingest --db "$S" --fsload "$F/mmperfmon-nsd.txt" --fsload "$F/lfs-df.txt" >/dev/null
ok $? "two --fsload recordings"
csv "$F/mmperfmon-nsd.txt" "$F/lfs-df.txt" >"$TMP/a.csv"
csv --db "$S" >"$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv"
ok $? "fsload --db: the two recordings merged as fsload merges them"
$RUN ingest --db "$S" --fsload "$F/nonexistent.txt" >/dev/null 2>"$TMP/err"
st=$?
is "$st $(wc -l <"$TMP/err" | tr -d ' ')" "1 1" "a recording that cannot be read: exit 1, one line"

# merge-db carries the telemetry of the shards; the first store to hold
# a recording keeps it
$RUN ingest --db "$TMP/m1.db" --fsload "$REC" >/dev/null
$RUN ingest --db "$TMP/m2.db" --fsload "$F/lfs-df.txt" --fsload "$REC" >/dev/null
$RUN merge-db "$TMP/m.db" "$TMP/m1.db" "$TMP/m2.db" >/dev/null
ok $? "merge-db of two stores with telemetry"
is "$(sqlite3 "$TMP/m.db" "SELECT count(*) FROM fs_recordings")" 2 \
	"the recording both hold is kept once"
csv "$REC" "$F/lfs-df.txt" >"$TMP/a.csv"
csv --db "$TMP/m.db" >"$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv"
ok $? "fsload --db of the merged store gives the recordings' CSV"
$RUN merge-db "$TMP/m.db" "$TMP/m1.db" "$TMP/m2.db" >/dev/null
is "$(sqlite3 "$TMP/m.db" "SELECT count(*) || ' ' || (SELECT count(*) FROM fs_samples) FROM fs_recordings")" \
	"2 $(sqlite3 "$TMP/m1.db" "SELECT count(*) FROM fs_samples")" \
	"merged again: nothing added"

# context: a job moved into the generated window, in the stored weather
S=$TMP/ctx.db
L=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)
$RUN ingest --db "$S" "$L" >/dev/null 2>&1
sqlite3 "$S" "UPDATE jobs SET start_time = 1517097605, end_time = 1517097630"
$RUN context --db "$S" "$L" >"$TMP/c0.txt"
grep -q '^File-system weather' "$TMP/c0.txt"
ok $((!$?)) "context: no weather while the store keeps no telemetry"
$RUN context --db "$S" --fsload "$REC" "$L" >"$TMP/c1.txt"
$RUN context --db "$S" --fsload "$REC" --format=csv "$L" >"$TMP/c1.csv"
$RUN ingest --db "$S" --fsload "$REC" >/dev/null
mv "$REC" "$TMP/gen.away"
$RUN context --db "$S" "$L" >"$TMP/c2.txt"
$RUN context --db "$S" --format=csv "$L" >"$TMP/c2.csv"
grep -q '^File-system weather' "$TMP/c2.txt" && cmp -s "$TMP/c1.txt" "$TMP/c2.txt"
ok $? "context: the stored weather, as --fsload gives it"
cmp -s "$TMP/c1.csv" "$TMP/c2.csv"
ok $? "context CSV: the same"
sqlite3 "$S" "UPDATE jobs SET start_time = 1617097605, end_time = 1617097630"
$RUN context --db "$S" "$L" >"$TMP/c3.txt"
st=$?
grep -q '^File-system weather' "$TMP/c3.txt"
is "$st $?" "0 1" "context: a job outside the stored telemetry has no weather, and no error"

# the shared corpus: the snx11025 window in its three forms
T=$SHARED/corpus/tokio
if [ -f "$T/snx11025_2018-01-28.sqlite3" ] &&
	! $RUN fsload "$T/snx11025_2018-01-28.h5lmt" 2>&1 >/dev/null | grep -q 'cannot load'; then
	for f in sqlite3 h5lmt hdf5; do
		S=$TMP/$f.db
		r=$T/snx11025_2018-01-28.$f
		TZ=America/Los_Angeles $RUN ingest --db "$S" --fsload "$r" >/dev/null
		TZ=America/Los_Angeles csv "$r" >"$TMP/a.csv"
		TZ=America/Los_Angeles csv --db "$S" >"$TMP/b.csv"
		cmp -s "$TMP/a.csv" "$TMP/b.csv"
		ok $? "snx11025 $f: fsload --db gives the recording's CSV"
	done
else
	skip "no corpus/tokio in ../shared, or no libhdf5" 3
fi
done_testing
