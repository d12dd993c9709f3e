#!/bin/sh
# report lays a text out once for each drawing context: a panel measures
# its text (a finding's height, a caption's) before it draws it, and a
# split panel measures it again on each sheet, where each measure shaped
# the text anew (a third of the report's CPU on the e3sm heatmap log) and
# drew it off the page.  Counted by an LD_PRELOAD library
# (t/data/report/layouts.c): the layouts made are at most those drawn,
# where before every drawn text was made once to measure and once to
# draw (e3sm: 1106 made, 842 drawn; now 435 and 526).  The report's bytes
# were the same before and after on 86 logs (cairo drops the text drawn
# off the page); t/3001 and t/3002 read the report back.  PDF: one
# drawing context for the whole report (SVG and PNG make one a sheet, and
# a finding measured at the foot of one sheet is drawn on the next).
. "$(dirname "$0")/lib.sh"
command -v cc > /dev/null || skip_all "no C compiler for the counting library"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "a preloaded library under the sanitizer"
cc -O2 -shared -fPIC -o "$TMP/layouts.so" "$TOP/t/data/report/layouts.c" -ldl 2> "$TMP/err" ||
	skip_all "cannot build the counting library: $(head -1 "$TMP/err")"

logs=$(ls "$SAMPLES"/ior/*/*.darshan | head -2)
[ -d "$SHARED/corpus" ] &&
	logs="$logs $(ls "$SHARED"/corpus/darshan-logs/e3sm_io_heatmap_only/*.darshan 2>/dev/null)"
for l in $logs; do
	for f in pdf; do
		rm -f "$TMP/n"
		LAYOUT_COUNT=$TMP/n LD_PRELOAD=$TMP/layouts.so $RUN report --format $f \
			-o "$TMP/r.$f" "$l" > /dev/null 2> "$TMP/err"
		st=$?
		if [ $st -ne 0 ] && grep -q "drawing" "$TMP/err"; then
			skip "no drawing libraries: $(head -1 "$TMP/err")"
			continue
		fi
		read -r made shown < "$TMP/n" 2> /dev/null || made=x shown=0
		ok $([ $st -eq 0 ] && [ "$shown" -gt 0 ] && [ "$made" -le "$shown" ]; echo $?) \
			"${l##*/} as $f: $made layouts made, $shown drawn (made <= drawn)"
	done
done
done_testing
