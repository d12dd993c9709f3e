#!/bin/sh
# A page in app order reads its ids from app's own index (app, then the
# row's id: ingest's jobs_by_app, jobs_by_user_app for a user's jobs),
# with no sort of the ties that jobs_app_start (app, start_time) left
# (74-264 ms a page of the 1M-job store); the same rows as `jobs --sort`.
# The 30 sample jobs tie on app.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

serve_store 30
plan() {	# plan WHERE DIR: the plan of the page's ids (popdb.c
	# iol_popcur_open_page: then its 50 rows by id, sorted again)
	sqlite3 -readonly "$DB" "EXPLAIN QUERY PLAN SELECT id FROM jobs WHERE $1 ORDER BY \"app\" $2, id $2 LIMIT 50 OFFSET 5"
}
for d in ASC DESC; do
	plan "1 = 1" $d >"$TMP/p"
	grep -q 'COVERING INDEX jobs_by_app' "$TMP/p" && ! grep -q 'TEMP B-TREE' "$TMP/p"
	r=$?
	ok $r "app $d: the page's ids from jobs_by_app, no sort of the ties"
	[ $r -eq 0 ] || sed 's/^/# /' "$TMP/p"
	plan "\"user\" = 'alice'" $d >"$TMP/p"
	grep -q 'COVERING INDEX jobs_by_user_app' "$TMP/p" && ! grep -q 'TEMP B-TREE' "$TMP/p"
	r=$?
	ok $r "... a user's jobs from jobs_by_user_app"
	[ $r -eq 0 ] || sed 's/^/# /' "$TMP/p"
done

serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
for s in app -app; do
	get "$S_URL/api/jobs?sort=$s&limit=7&offset=4" >"$TMP/api.json"
	$IOLENS jobs --db "$DB" --sort $s --top 7 --offset 4 --format json >"$TMP/cli.json"
	cmp -s "$TMP/api.json" "$TMP/cli.json"
	ok $? "/api/jobs?sort=$s is jobs --sort $s --format json, byte for byte"
done
ids_of() { sed -n 's/^\([0-9][0-9]*\),.*/\1/p' | tr '\n' ' '; }
want=$(sqlite3 -readonly "$DB" 'SELECT id FROM jobs ORDER BY app DESC, id DESC LIMIT 6 OFFSET 3' | tr '\n' ' ')
got=$($IOLENS jobs --db "$DB" --sort -app --top 6 --offset 3 --format csv | ids_of)
is "$got" "$want" "jobs --sort -app: ties in descending id"
done_testing
