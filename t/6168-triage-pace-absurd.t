#!/bin/sh
# A pace no storage gives, in a damaged log's float counters (issue 34's
# review of rounds 39-46): rank 0 writes 4 EiB and 1 MiB in 1 ns each
# (t/unit/pace-absurd huge), so best_write_mibs is some 4.4e21 MiB/s and
# IOL-RANK0-IO's detail names it as the storage's pace.  Printed whole it
# was 22 digits ("4398046511103999475712 MiB/s"), a run t/8004 counts as
# no figure; a pace from 1e12 MiB/s on is given in three digits.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/pace-absurd
[ -x "$U" ] || skip_all "t/unit/pace-absurd is not built"
"$U" huge >"$TMP/out" 2>"$TMP/err"
is "$?:$(head -c 200 "$TMP/err")" "0:" "pace-absurd runs, nothing reported"
awk -F'\t' '$1 == "IOL-RANK0-IO" { print $4 }' "$TMP/out" >"$TMP/d"
grep -q "storage's pace (4.4e+21 MiB/s, its best file's)" "$TMP/d"
ok $? "RANK0-IO's detail names the absurd pace in three digits"
grep -E '[0-9]{21}' "$TMP/out" | sed 's/^/# /' | cut -c1-160
ok "$(grep -cE '[0-9]{21}' "$TMP/out")" "no finding's text holds a run of 21 digits"
done_testing
