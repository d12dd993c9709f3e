#!/bin/sh
# A companion's detail (companions = 1: "same cause as IOL-X: ...; its
# own stake N s, P % of the run (the cause is told by IOL-X; not two
# problems)") keeps that note whole, the rule's text cut before it at a
# word, marked " [...]", as impact()'s note is (t/6166).  A plain cut at
# 400 bytes ended r44-shared-indep's SHARED-SMALL, whose MPI-IO and POSIX
# figures fill the detail, at "(the cause"; its NO-COLLECTIVE, since
# round 44 SMALL-REQ's companion too, is told the same way.
. "$(dirname "$0")/lib.sh"
F=$TOP/t/data/triage-round44/r44-shared-indep.darshan
printf 'companions = 1\n' >"$TMP/c.conf"
$RUN triage --all --config "$TMP/c.conf" --format tsv "$F" >"$TMP/t.tsv"
ok $? "triage r44-shared-indep, companions = 1"
awk -F'\t' '$8 ~ /^same cause as / { print $2 "\t" $8 }' "$TMP/t.tsv" >"$TMP/d"
is "$(cut -f1 "$TMP/d" | tr '\n' ' ')" "IOL-SHARED-SMALL IOL-NO-COLLECTIVE " \
	"SHARED-SMALL and NO-COLLECTIVE told as SMALL-REQ's companions"
awk -F'\t' '!/not two problems\)$/ { print "# cut: " $1 ": " substr($2, length($2) - 60) }' "$TMP/d"
ok "$(awk '!/not two problems\)$/' "$TMP/d" | wc -l)" "each companion's note whole at its detail's end"
ok "$(awk -F'\t' 'length($2) > 399' "$TMP/d" | wc -l)" "no detail over 399 bytes"
grep '^IOL-SHARED-SMALL' "$TMP/d" | grep -q ' \[\.\.\.\]; its own stake 30.4 s, 8[0-9.]* % of the run (the cause is told by IOL-SMALL-REQ; not two problems)$'
ok $? "SHARED-SMALL's text cut at a word before its note, marked"
done_testing
