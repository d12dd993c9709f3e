#!/bin/sh
# IOL-INCOMPLETE on round 50's logs (issue 34): the two killed jobs,
# whose logs are darshan-merge'd mmap logs (t/data/triage-round50), and
# their reruns are found, from the log and from a store (triage --db);
# r50-end-coll, which ended, wrote its <STDOUT> 11 ms after its logged
# end and never closed it: quiet; nonmpi_dxt_anonymized (../shared), a
# complete log whose program left its files open to exit: quiet.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round50
sev() { # IOL-INCOMPLETE's severity in the log $1
	$RUN triage --all --format tsv "$1" | awk -F'\t' '$2 == "IOL-INCOMPLETE" { print $3 }'
}
for p in kill-ckpt kill-py; do
	for f in "$D/r50-$p.darshan" "$D"/reruns/r50-labels50-ab[12]-$p.darshan; do
		is "$(sev "$f")" high "$(basename "$f"): a job killed mid-write is an incomplete log"
	done
done
$RUN triage --format tsv "$D/r50-kill-ckpt.darshan" | grep -q 'IOL-INCOMPLETE.*1.93 s after the logged end.*Rerun it'
ok $? "kill-ckpt: the detail's 1.93 s and the advice to rerun"
is "$(sev "$D/r50-end-coll.darshan")" ok "end-coll: stdout written past the end, never closed: quiet"
if command -v sqlite3 >/dev/null; then
	$RUN ingest --db "$TMP/s.db" "$D/r50-kill-ckpt.darshan" "$D/r50-end-coll.darshan" >/dev/null 2>&1
	$RUN triage --db "$TMP/s.db" --format tsv >"$TMP/db.tsv" 2>&1
	is "$(awk -F'\t' '$12 ~ /IOL-INCOMPLETE/ { print $7 }' "$TMP/db.tsv" | sed 's|.*/||')" \
		r50-kill-ckpt.darshan "triage --db: kill-ckpt alone flagged incomplete, from the store"
else
	skip "sqlite3 is not installed" 1
fi
L=$SHARED/corpus/darshan-logs/nonmpi_dxt_anonymized/nonmpi_dxt_anonymized.darshan
if [ -f "$L" ]; then
	is "$(sev "$L")" ok "nonmpi_dxt_anonymized: files left open to exit: quiet"
else
	skip "../shared is absent: no nonmpi_dxt_anonymized log" 1
fi
done_testing
