#!/bin/sh
# A view's text in two passes (out_view_measure, then out_view_stream:
# how jobs streams, issue 38) is the text of one pass, byte for byte, at
# every width: paths shortened, columns hidden, prose wrapped, a cell's
# escapes and multibyte characters counted as one pass counts them; CSV
# and JSON are written once.  Before, t/unit/view-demo had no two passes.
. "$(dirname "$0")/lib.sh"
DEMO=$TOP/t/unit/view-demo
[ -x "$DEMO" ] || skip_all "t/unit/view-demo is not built"
for w in 0 20 30 40 50 60 80 100 120 200; do
	"$DEMO" $w text >"$TMP/one" 2>&1
	"$DEMO" $w text stream >"$TMP/two" 2>&1
	cmp -s "$TMP/one" "$TMP/two"
	ok $? "width $w: the same text in two passes"
done
for f in csv json; do
	"$DEMO" 60 $f >"$TMP/one" 2>&1
	"$DEMO" 60 $f stream >"$TMP/two" 2>&1
	cmp -s "$TMP/one" "$TMP/two"
	ok $? "$f: the rows once"
done
done_testing
