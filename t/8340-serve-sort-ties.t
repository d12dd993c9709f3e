#!/bin/sh
# Under a descending sort, ties are in descending id (the sort column's
# index read backwards, the page taken from it with no sort of the
# ties): `jobs --sort -KEY` and the server's list and its twin agree,
# and ascending sorts keep ascending ids.  The 30 sample jobs tie on
# nprocs (1 or 4) and on user.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

serve_store 30
ids_of() { sed -n 's/^\([0-9][0-9]*\),.*/\1/p' | tr '\n' ' '; }
want=$(sqlite3 -readonly "$DB" 'SELECT id FROM jobs ORDER BY nprocs DESC, id DESC LIMIT 6 OFFSET 3' | tr '\n' ' ')
got=$($IOLENS jobs --db "$DB" --sort -nprocs --top 6 --offset 3 --format csv | ids_of)
is "$got" "$want" "jobs --sort -nprocs: ties in descending id"
want=$(sqlite3 -readonly "$DB" 'SELECT id FROM jobs ORDER BY nprocs, id LIMIT 6' | tr '\n' ' ')
got=$($IOLENS jobs --db "$DB" --sort nprocs --top 6 --format csv | ids_of)
is "$got" "$want" "jobs --sort nprocs: ties in ascending id"
want=$(sqlite3 -readonly "$DB" "SELECT id FROM jobs WHERE \"user\" = 'alice' ORDER BY nprocs DESC, id DESC LIMIT 5" | tr '\n' ' ')
got=$($IOLENS jobs --db "$DB" --where "\"user\" = 'alice'" --sort -nprocs --top 5 --format csv | ids_of)
is "$got" "$want" "... and a user's jobs"

serve_start S --db "$DB" --logs "$TMP/logs" --cache ""
get "$S_URL/api/jobs?sort=-nprocs&limit=6&offset=3" >"$TMP/api.json"
$IOLENS jobs --db "$DB" --sort -nprocs --top 6 --offset 3 --format json >"$TMP/cli.json"
cmp -s "$TMP/api.json" "$TMP/cli.json"
ok $? "/api/jobs?sort=-nprocs is jobs --sort -nprocs --format json, byte for byte"
get "$S_URL/jobs?user=alice&sort=-nprocs&limit=5" >"$TMP/list.html"
want=$($IOLENS jobs --db "$DB" --where "\"user\" = 'alice'" --sort -nprocs --top 5 --format csv | ids_of)
got=$(grep -o '<tr><td class="n"><a href="/job/[0-9]*">' "$TMP/list.html" |
	sed 's/.*job\/\([0-9]*\).*/\1/' | tr '\n' ' ')
is "$got" "$want" "the list page filtered by a user, sorted by -nprocs: the same order"
done_testing
