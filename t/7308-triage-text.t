#!/bin/sh
# iolens triage for people (issues 34 and 36): the findings (warn and
# high) and one line counting the rest; --all every rule, a crossed rule
# under the floor saying "below the impact floor"; --severity on one log
# as on --db; every line within COLUMNS=80 and 100, on the corpus logs
# and a population store; CSV unchanged by the width.
. "$(dirname "$0")/lib.sh"
T4K=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan | head -1)
widest() { perl -CSD -ne 'chomp; $m = length if length > ($m // 0); END { print $m // 0 }' "$1"; }

$RUN triage "$T4K" >"$TMP/def"
ok $? "triage exits 0"
grep -q '^  \[warn\] IOL-SMALL-REQ: ' "$TMP/def"
ok $? "the default text shows the warn findings"
! grep -q '^  \[\(ok\|info\|not evaluated\|below the impact floor\)\]' "$TMP/def"
ok $? "and no rule at ok, info, not evaluated or below the floor"
grep -q '^  [0-9][0-9]* other rules: .*below the impact floor.* ok.*not evaluated (--all lists them)$' "$TMP/def"
ok $? "one line counts the rest by state"
$RUN triage --all "$T4K" >"$TMP/all"
n=$($RUN triage --format tsv "$T4K" | awk 'NR > 1' | wc -l)
is "$(grep -c '^  \[' "$TMP/all")" "$n" "--all: every rule's state ($n)"
grep -q '^  \[below the impact floor\] IOL-IO-TIME: ' "$TMP/all"
ok $? "--all: IO-TIME at 0.019 s is below the impact floor, not [ok] or [info]"
! grep -q ' other rules' "$TMP/all"
ok $? "--all: nothing left to count"
$RUN triage --severity info "$T4K" >"$TMP/info"
grep -q '^  \[info\] IOL-SEEK-PER-OP' "$TMP/info" && ! grep -q '^  \[ok\]' "$TMP/info"
ok $? "--severity info on one log: info and above"
$RUN triage --severity high --format tsv "$T4K" | awk -F'\t' 'NR > 1 { print $3 }' | sort -u >"$TMP/sev"
is "$(cat "$TMP/sev")" "" "--severity high in TSV: only high findings (none here)"
$RUN triage --severity bogus "$T4K" >/dev/null 2>&1
is $? 2 "a bad --severity is a usage error"

# the width: every line of the text within COLUMNS
check_width() { # label file...
	label=$1
	shift
	for w in 80 100; do
		bad=0
		for f in "$@"; do
			COLUMNS=$w $RUN triage --all "$f" >"$TMP/w" 2>/dev/null
			[ $? -le 1 ] && [ -s "$TMP/w" ] || { bad=$((bad + 1)); continue; }
			m=$(widest "$TMP/w")
			[ "$m" -le $w ] || { bad=$((bad + 1)); echo "# $f: $m at $w"; }
		done
		is "$bad" 0 "$label: every line of triage --all within COLUMNS=$w"
	done
}
check_width "sample logs" $(find "$SAMPLES" -name '*.darshan' | sort | head -40)
if [ -d "$SHARED/corpus/darshan-logs" ]; then
	check_width "corpus logs" "$SHARED"/corpus/darshan-logs/*/*.darshan
	P=$SHARED/corpus/population
	$RUN ingest --db "$TMP/pop.db" "$P/logs" >/dev/null 2>&1
	for w in 80 100; do
		COLUMNS=$w $RUN triage --db "$TMP/pop.db" --top all >"$TMP/db$w"
		m=$(widest "$TMP/db$w")
		ok $(test "$m" -le $w; echo $?) "triage --db at COLUMNS=$w fits (widest $m)"
	done
	COLUMNS=80 $RUN triage --db "$TMP/pop.db" --format csv >"$TMP/a.csv"
	$RUN triage --db "$TMP/pop.db" --wide --format csv >"$TMP/b.csv"
	cmp -s "$TMP/a.csv" "$TMP/b.csv"
	ok $? "triage --db CSV does not depend on the width"
else
	skip "no ../shared" 5
fi
# a path is shortened by its columns, not its bytes, and as the views
# shorten paths: a third of the width before the ellipsis (issue 36)
n=$(printf '%s/' "$TMP" | wc -c)
d=$TMP/$(perl -CO -e 'print "\x{e9}" x (68 - $ARGV[0])' "$n")
mkdir "$d" && cp "$T4K" "$d/x.darshan"
is "$(COLUMNS=80 $RUN triage "$d/x.darshan" | head -1)" "$d/x.darshan" \
	"a path of 78 columns (more bytes) whole at COLUMNS=80"
is "$(COLUMNS=60 $RUN triage "$d/x.darshan" | head -1 | perl -CSD -ne 'print index($_, "\x{2026}")')" 19 \
	"at COLUMNS=60 the ellipsis after 19 columns, as in a view's path cell"

COLUMNS=80 $RUN triage --format csv "$T4K" >"$TMP/a.csv"
$RUN triage --wide --format csv "$T4K" >"$TMP/b.csv"
cmp -s "$TMP/a.csv" "$TMP/b.csv"
ok $? "CSV does not depend on the width"
done_testing
