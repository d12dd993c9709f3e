#!/bin/sh
# IOL-SMALL-REQ's stake of 100 KiB-1 MiB writes is what larger writes
# would save, not their whole time (issue 34, round 34): r34-gzip's 105
# writes of 256 KiB took 2.36 s on a sync mount, and SMALL-REQ staked it
# all ("1571 of 1571 POSIX operations under 1 MiB ... 2.36 s at stake")
# while the same bytes written through dd in 4 MiB blocks saved nothing.
# Such writes' bytes at the job's own write pace are kept; gunzip's
# 32 KiB writes (the 10-100 KiB bin; its 4 MiB twin saved 2.6 s) stay a
# finding.  The jobs are built in memory (t/unit/mid-writes).
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/mid-writes" >"$TMP/t.tsv"
ok $? "mid-writes: gzip's 105 writes of 256 KiB in 2.36 s of an 11.9 s run"
sev=$(col IOL-SMALL-REQ 2)
ok "$(case $sev in warn | high) echo 1 ;; *) echo 0 ;; esac)" \
	"256 KiB writes at the job's own pace are no finding ($sev; main: warn)"
stake=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s >= 0 && s < 0.1) }')" \
	"stake $stake s: the writes' bytes at their own pace are not saved"
"$TOP/t/unit/mid-writes" small >"$TMP/t.tsv"
ok $? "mid-writes small: gunzip's 1465 writes of 32 KiB in 5.18 s"
is "$(col IOL-SMALL-REQ 2)" warn "32 KiB writes stay a finding"
stake=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 5 && s < 5.2) }')" \
	"stake $stake s: the 10-100 KiB bin's time is unchanged"
done_testing
