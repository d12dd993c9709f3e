#!/bin/sh
# Views (render/view.h): text fitted to the terminal's width (paths
# shortened in the middle, columns of least use hidden and named, prose
# wrapped), the machine formats unchanged by it, and every man page's
# COLUMNS section made from the views it describes.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
DEMO=$TOP/t/unit/view-demo
[ -x "$DEMO" ] || skip_all "t/unit/view-demo is not built"

# the widest line of a file, in characters (UTF-8)
widest() { perl -CSD -ne 'chomp; $m = length if length > ($m // 0); END { print $m // 0 }' "$1"; }

for w in 40 60 80 100 132; do
	"$DEMO" $w text >"$TMP/t$w" 2>&1
	ok $? "demo table at width $w"
	m=$(widest "$TMP/t$w")
	ok $(test "$m" -le $w; echo $?) "every line at width $w is within it (widest $m)"
done
grep -q '2 columns hidden (rank, module)' "$TMP/t80"
ok $? "the columns hidden at 80 are named after the table"
grep -q 'hidden' "$TMP/t132"
ok $((! $?)) "nothing is hidden at 132"
grep -q '/scratch/.*….*restart\.h5' "$TMP/t80"
ok $? "a path too long is shortened in the middle, its last name kept"
grep -q 'file system locks a stripe for every one' "$TMP/t80"
ok $? "prose is wrapped, not cut"
"$DEMO" 0 text >"$TMP/t0"
is "$(wc -l <"$TMP/t0")" 5 "--wide: a line per row, no fitting"
grep -q '^/scratch/project/alice/run-0042/checkpoints/step-000100/restart.h5 ' "$TMP/t0"
ok $? "--wide: paths whole"
perl -ne 'exit 1 if /\x1b/' "$TMP/t40" "$TMP/t0"
ok $? "no escape sequence reaches a file: colour on a terminal only, names escaped"
for f in csv tsv json; do
	"$DEMO" 40 $f >"$TMP/a.$f" && "$DEMO" 0 $f >"$TMP/b.$f"
	cmp -s "$TMP/a.$f" "$TMP/b.$f"
	ok $? "$f is the same at any width"
done
is "$(head -1 "$TMP/a.csv")" "path,bytes,rank,module,advice" \
	"CSV is headed by the keys, not the text headers"

out=$(perl man/columns.pl --check "$IOLENS" 2>&1)
is "$out" "" "every man page's COLUMNS section is its views' ('make man-columns' remakes them)"
"$IOLENS" help --columns variance >/dev/null
ok $? "help --columns lists a command's columns"
"$IOLENS" help --columns no-such >/dev/null 2>&1
is $? 1 "help --columns of a command without tables: exit 1"

if [ -d "$SHARED/corpus" ]; then
	"$IOLENS" ingest --db "$TMP/pop.db" "$SHARED/corpus/population" >/dev/null 2>&1
	for w in 80 100; do
		COLUMNS=$w "$IOLENS" variance --db "$TMP/pop.db" >"$TMP/v$w"
		m=$(widest "$TMP/v$w")
		ok $(test "$m" -le $w; echo $?) "variance at COLUMNS=$w fits (widest $m)"
	done
	COLUMNS=80 "$IOLENS" variance --db "$TMP/pop.db" --format=csv >"$TMP/v.csv"
	"$IOLENS" variance --db "$TMP/pop.db" --wide --format=csv >"$TMP/w.csv"
	cmp -s "$TMP/v.csv" "$TMP/w.csv"
	ok $? "variance CSV does not depend on the width"
	"$IOLENS" variance --db "$TMP/pop.db" --wide >"$TMP/vw"
	grep -q 'stddev s' "$TMP/vw" && ! grep -q hidden "$TMP/vw"
	ok $? "variance --wide: every column, headers with units"
else
	skip "no ../shared: the population store" 5
fi
done_testing
