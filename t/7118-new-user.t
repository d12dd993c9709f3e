#!/bin/sh
# What a new user tripped on (issue 24, section 5), on the population
# corpus: empty selections, context verdicts, names, output choice.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/pop.db
popstore_build "$DB" "$POP"/logs/*.darshan

# empty selections: one line, exit 1, nothing written
for c in population-report jobs variance "groups --by app"; do
	rm -f "$TMP/e.out"
	$RUN $c --db "$DB" --where "app='zzz'" -o "$TMP/e.out" >"$TMP/out" 2>"$TMP/err"
	is "$?" 1 "$c: an empty selection exits 1"
	is "$(cat "$TMP/err")" "iolens ${c%% *}: no jobs match --where \"app='zzz'\" in '$DB'" \
		"$c: and says no jobs match"
	[ ! -e "$TMP/e.out" ] && [ ! -s "$TMP/out" ]
	ok $? "$c: nothing is written"
done
$RUN jobs --db "$DB" --where "app='zzz'" >"$TMP/out" 2>/dev/null
is "$(cat "$TMP/out")" "" "jobs: no bare header on stdout"

done_testing
