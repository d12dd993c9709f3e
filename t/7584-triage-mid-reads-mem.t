#!/bin/sh
# IOL-SMALL-REQ keeps 100 KiB-1 MiB reads' bytes at the job's own read
# pace only when such reads are nine in ten of the small requests
# (issue 34, round 77), on jobs built in memory (t/unit/mid-reads):
# 800 reads of 480000 B in 2.72 s are no finding; with 400 reads of
# 4 KiB among them, or beside the job's own 4 MiB reads at 1000 MiB/s
# (the frames slower than those), the rest of their time stays at stake.
. "$(dirname "$0")/lib.sh"
col() { # code column, of the rows in $TMP/t.tsv
	awk -F'\t' -v c="$1" -v k="$2" '$1 == c { print $k }' "$TMP/t.tsv"
}
"$TOP/t/unit/mid-reads" >"$TMP/t.tsv"
ok $? "mid-reads: 800 reads of 480000 B in 2.72 s of a 6.1 s run"
sev=$(col IOL-SMALL-REQ 2)
ok "$(case $sev in warn | high) echo 1 ;; *) echo 0 ;; esac)" \
	"frame reads at the job's own pace are no finding ($sev)"
stake=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s >= 0 && s < 0.1) }')" \
	"stake $stake s: the frames' bytes at their own pace are not saved"
"$TOP/t/unit/mid-reads" mixed >"$TMP/t.tsv"
ok $? "mid-reads mixed: 600 frames and 400 reads of 4 KiB"
is "$(col IOL-SMALL-REQ 2)" warn "4 KiB reads among them: still a finding"
stake=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 1.5 && s < 1.7) }')" \
	"stake $stake s: all but the span's transfer (1.64 s)"
"$TOP/t/unit/mid-reads" large >"$TMP/t.tsv"
ok $? "mid-reads large: frames in 3 s beside 4 MiB reads at 1000 MiB/s"
is "$(col IOL-SMALL-REQ 2)" warn "frames slower than the job's large reads: a finding"
stake=$(col IOL-SMALL-REQ 3)
ok "$(awk -v s="$stake" 'BEGIN { print !(s > 1.3 && s < 1.45) }')" \
	"stake $stake s: beyond their bytes' share of the read time (1.37 s)"
done_testing
