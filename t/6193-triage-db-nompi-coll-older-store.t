#!/bin/sh
# `triage --db` on a store made before mpiio_shared_small_coll and
# shared_written_files_nompi (triage89, issue 34, rounds 106, 107;
# review92): with the fields, r106-propsite's NO-COLLECTIVE and
# r107-seismic's NO-MPIIO are info, as triage of the logs says; without
# them (the columns dropped, as an older store lacks them) both rules
# keep their reading before the fields, the job's (any collective call,
# any MPI-IO), ok, and are evaluated on every job: the store names the
# fields it lacks and exits 0.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to edit the store"
command -v python3 >/dev/null || skip_all "python3 is not installed"
mkdir "$TMP/logs"
cp "$TOP/t/data/triage-round106/r106-propsite.darshan" \
	"$TOP/t/data/triage-round107/r107-seismic.darshan" "$TMP/logs/"
$RUN ingest --db "$TMP/s.db" "$TMP/logs" >/dev/null 2>&1
ok $? "ingest r106-propsite and r107-seismic"
printf 'min_group_stake_s = 0\n' >"$TMP/g.conf"

# each job's NO-COLLECTIVE and NO-MPIIO findings, info and above
rules() {
	$RUN triage --db "$1" --config "$TMP/g.conf" --severity info \
		--top all --format json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
out = []
for g in d["groups"]:
    for j in g["listed"]:
        for f in j["findings"]:
            if f["code"] in ("IOL-NO-COLLECTIVE", "IOL-NO-MPIIO"):
                out.append("%s %s %s %g" % (j["path"].split("/")[-1],
                           f["code"], f["severity"], f["value"]))
print(";".join(sorted(out)))'
}
is "$(rules "$TMP/s.db")" \
	"r106-propsite.darshan IOL-NO-COLLECTIVE info 0;r107-seismic.darshan IOL-NO-MPIIO info 1" \
	"with the fields: propsite's NO-COLLECTIVE and seismic's NO-MPIIO info"

cp "$TMP/s.db" "$TMP/old.db"
sqlite3 "$TMP/old.db" 'ALTER TABLE jobs DROP COLUMN mpiio_shared_small_coll;
	ALTER TABLE jobs DROP COLUMN shared_written_files_nompi' 2>/dev/null ||
	skip_all "sqlite3 cannot drop a column"
$RUN triage --db "$TMP/old.db" --config "$TMP/g.conf" >"$TMP/old" 2>&1
ok $? "a store lacking both fields: exit 0"
grep -q "the store lacks mpiio_shared_small_coll shared_written_files_nompi" "$TMP/old"
ok $? "both missing fields are named"
awk '($1 == "IOL-NO-COLLECTIVE" || $1 == "IOL-NO-MPIIO") && $3 == 0 { n++ }
	END { exit n != 2 }' "$TMP/old"
ok $? "NO-COLLECTIVE and NO-MPIIO evaluated on every job"
is "$(rules "$TMP/old.db")" "" "without them: the job's reading, no info finding"
done_testing
