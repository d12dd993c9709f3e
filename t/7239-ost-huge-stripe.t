#!/bin/sh
# files --by ost of a file whose LUSTRE record says a stripe of 2^62 B
# (a damaged or hostile log): 100 B written on OST 7 alone.  The last
# stripe's share, (on * size - (units * size - extent)) / extent, lost
# the 100 B in doubles (2^62 - (2^62 - 100) is 0): the file was on no
# OST, the table empty.  Now that share is what is left of the extent
# past the stripes before it.  t/unit/ost-huge-stripe: an in-memory job.
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/ost-huge-stripe
[ -x "$U" ] || skip_all "t/unit/ost-huge-stripe is not built"
"$U" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "the OST table is computed"
is "$(cat "$TMP/out")" "1 1 100" "one OST row: the file, its 100 B"
done_testing
