#!/bin/sh
# The drawing module (render/gfx.h) is loaded only by commands that draw:
# without it, summary and parse still work, and report says in one line
# that it cannot draw, never a crash; the binary itself does not link
# Cairo, Pango or libxlsxwriter.
. "$(dirname "$0")/lib.sh"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
IOLENS_GFX=$TMP/none.so $RUN summary "$LOG" > /dev/null 2>&1
ok $? "summary runs without the drawing module"
IOLENS_GFX=$TMP/none.so $RUN parse "$LOG" > /dev/null 2>&1
ok $? "parse runs without it"
IOLENS_GFX=$TMP/none.so $RUN report -o "$TMP/r.pdf" "$LOG" > /dev/null 2> "$TMP/err"
is $? 1 "report without it: exit 1"
is "$(wc -l < "$TMP/err" | tr -d ' ')" 1 "one line on stderr"
grep -q "^iolens report: cannot load the drawing module: " "$TMP/err"
ok $? "naming the drawing module"
[ ! -e "$TMP/r.pdf" ]
ok $? "and no PDF"
if command -v ldd > /dev/null 2>&1 && [ -z "${SANITIZE:-}" ]; then
	ldd "$IOLENS" | grep -q -E 'libcairo|libpango|libxlsxwriter'
	is $? 1 "the binary links no drawing library"
else
	skip "no ldd, or a sanitizer build"
fi
$RUN report -o "$TMP/ok.pdf" "$LOG"
ok $? "with the module beside the binary, report draws"
done_testing
