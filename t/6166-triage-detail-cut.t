#!/bin/sh
# A finding's detail is 400 bytes: a rule's text that fills it keeps
# impact()'s note whole (the stake, the share of the run, the floor) and
# is cut before it at a word's end, marked " [...]", never mid-number.
# A plain cut dropped the note or cut it (r13-indep-il4k-3's "...0.129 %
# of the run (below the impact floo", r29-build-ior's "(0.001 s at");
# IOL-SHARED-SMALL's collective case on a file of a 250-byte name
# (t/unit/coll-view longname) lost every figure and its 8.46 s stake.
. "$(dirname "$0")/lib.sh"
# the details of $1's findings (the triage's tsv), one a line
details() {
	"$IOLENS" triage --format tsv "$1" | awk -F'\t' 'NR > 1 { print $8 }'
}
# 0 when every line of $1 that tells a stake ends with its note whole
whole_notes() {
	awk '/ s at stake/ && !/(of the run|of the run\)|min_stake_s\)|impact floor\)|the run time unknown)$/ { bad = 1; print "# cut: " substr($0, length($0) - 60) }
	     END { exit bad }' "$1"
}
for f in triage-round13/r13-indep-il4k-3 triage-round14/r14-msync-each \
	triage-round29/r29-build-ior triage-round17/r17-split-1g; do
	details "$TOP/t/data/$f.darshan" >"$TMP/d"
	ok $? "triage $(basename "$f")"
	whole_notes "$TMP/d"
	ok $? "$(basename "$f"): every stake note whole"
	awk 'length($0) > 399 { exit 1 }' "$TMP/d"
	ok $? "$(basename "$f"): no detail over 399 bytes"
done
# its text cut at a word before the note, marked
details "$TOP/t/data/triage-round14/r14-msync-each.darshan" |
	grep -c ' \[\.\.\.\]; 0 s at stake, 0 % of the run' >"$TMP/n"
is "$(cat "$TMP/n")" 1 "r14-msync-each: SMALL-REQ's text cut at a word, marked"
# a clause another rule adds (IOL-REDUNDANT's rewrites, IOL-SMALL-REQ's)
# is kept with the note; the rule's own text is cut before it
details "$TOP/t/data/triage-round6/r6-direct-4k-60.darshan" |
	grep -c "programs' \[\.\.\.\]; the rewrites' 7.654 s is their small requests' time, IOL-SMALL-REQ's: not counted again; 0 s at stake, 0 % of the run (below the impact floor: under min_stake_pct of the run)$" >"$TMP/n"
is "$(cat "$TMP/n")" 1 "r6-direct-4k-60: REDUNDANT's rewrites clause and its note whole"
"$TOP/t/unit/coll-view" longname | awk -F'\t' '$1 == "IOL-SHARED-SMALL"' >"$TMP/c"
is "$(cut -f2,3 "$TMP/c")" "$(printf 'warn\t8.464')" "coll-view longname: warns, 8.464 s at stake"
cut -f4 "$TMP/c" >"$TMP/cd"
whole_notes "$TMP/cd"
ok $? "coll-view longname: its stake note whole"
grep -q '8.46 s at stake, 23.1 % of the run$' "$TMP/cd"
ok $? "coll-view longname: 8.46 s at stake, 23.1 % of the run"
grep -q ' \[\.\.\.\]; ' "$TMP/cd"
ok $? "coll-view longname: the text before the note cut, marked"
done_testing
