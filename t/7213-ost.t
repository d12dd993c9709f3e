#!/bin/sh
# Which OST, from the job's own log: files --by ost on Darshan logs with
# LUSTRE records (../shared/corpus/darshan-logs), and the OST rules of
# triage on jobs made in C with a known slow OST (t/unit/test-ost.c).
. "$(dirname "$0")/lib.sh"

"$TOP/t/unit/test-ost" > "$TMP/unit" 2>&1
ok $? "t/unit/test-ost: the OST analysis and its rules"
sed 's/^/# /' "$TMP/unit"

need_shared
D=$SHARED/corpus/darshan-logs
SKEW=$D/skew-app/skew-app.darshan
E3SM=$D/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan
[ -f "$SKEW" ] || skip_all "no skew-app log"

# skew-app: one 41,616 MiB file on OST 10, all of it written there
$RUN files --by ost --format=csv "$SKEW" > "$TMP/s.csv"
ok $? "files --by ost reads the LUSTRE records"
want=$($RUN parse "$SKEW" | awk -F'\t' '$1 == "POSIX" && $4 == "POSIX_BYTES_WRITTEN" { s += $5 } END { printf "%.0f", s }')
is "$(cut -d, -f2-5 "$TMP/s.csv")" "ost,files,bytes_read,bytes_written
10,1,0,$want" "skew-app: OST 10 (the record's OST_ID_0) holds its $want bytes written"
$RUN triage --format=csv "$SKEW" > "$TMP/t.csv"
is "$(awk -F, '$2 == "IOL-FEW-OSTS" { print $3, $5, $6 }' "$TMP/t.csv")" "warn 1 2" \
	"skew-app: 41 GiB through one OST by 65,536 processes is IOL-FEW-OSTS"
is "$(grep -c IOL-SLOW-OST "$TMP/t.csv") $(grep -c IOL-FEW-OSTS "$TMP/t.csv")" "0 1" \
	"skew-app: no other OST to compare with: no slow OST"

# e3sm: 113 files striped over many OSTs evenly: none slow, not few
$RUN files --by ost --format=csv "$E3SM" > "$TMP/e.csv"
nost=$($RUN parse "$E3SM" 2>/dev/null | awk -F'\t' '$1 == "LUSTRE" && $4 ~ /OST_ID/ { print $5 }' | sort -u | wc -l | tr -d ' ')
is "$(($(wc -l < "$TMP/e.csv") - 1))" "$nost" "e3sm: a row per OST its LUSTRE records name ($nost)"
is "$($RUN triage --format=csv "$E3SM" | grep -c 'IOL-SLOW-OST\|IOL-FEW-OSTS') $(awk -F, 'NR > 1 && $8 != "" && ($8 < 0.9 || $8 > 1.1)' "$TMP/e.csv" | wc -l | tr -d ' ') $(awk -F, 'NR > 1 && $8 != ""' "$TMP/e.csv" | wc -l | tr -d ' ')" \
	"0 0 $nost" "e3sm: every OST at the median pace, no OST finding"
$RUN files --by ost "$D/mpi-io-test-x86_64-3.5.0/mpi-io-test-x86_64-3.5.0.darshan" > "$TMP/m.txt"
is "$(sed -n 3p "$TMP/m.txt" | awk '{ print $1, $2 }')" "1 1" "text: mpi-io-test's file on OST 1"
$RUN files --by stripe "$SKEW" > /dev/null 2>&1
is $? 2 "--by other than ost is a usage error"

done_testing
