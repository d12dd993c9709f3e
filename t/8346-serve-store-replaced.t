#!/bin/sh
# A store replaced under a running server (another file renamed over
# it) gives the new store's rows: the handles opened on the old file are
# opened again, and a deep page's kept keys (serve/keyset.c) and a
# list's count are those of the new store, not the old one read through
# a handle still open on it and kept under the new file's stamp.  Then
# a store changed in place (an UPDATE): its pages are read after keys
# found again.  IOLENS_TEST_ANCHOR_EVERY=4: the 30 sample jobs have deep
# pages.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

serve_store 30
# the new store: the same jobs in another order of nodes, five fewer
cp "$DB" "$TMP/new.db"
sqlite3 "$TMP/new.db" 'UPDATE jobs SET nodes = (id * 7) % 11;
	DELETE FROM jobs WHERE id IN (SELECT id FROM jobs ORDER BY id LIMIT 5)'
ok $? "a second store, its nodes reordered"
IOLENS_TEST_ANCHOR_EVERY=4
export IOLENS_TEST_ANCHOR_EVERY
serve_start C --db "$DB" --logs "$TMP/logs" --cache ""
bad=0
tried=0
page() {	# page SORT OFFSET: the server's page against jobs' on the store now
	get "$C_URL/api/jobs?sort=$1&limit=3&offset=$2" >"$TMP/api.json"
	$IOLENS jobs --db "$DB" --sort "$1" --top 3 --offset "$2" \
		--format json >"$TMP/cli.json" 2>&1
	tried=$((tried + 1))
	cmp -s "$TMP/api.json" "$TMP/cli.json" || {
		bad=$((bad + 1))
		echo "# differs: sort $1 offset $2"
	}
}
pages() {
	for s in nodes -nodes -mib_s; do
		for off in 5 9 13 17; do
			page "$s" "$off"
		done
	done
}
pages
is "$bad" 0 "before: $tried deep pages are jobs --offset's"
get "$C_URL/jobs?sort=nodes&limit=3&offset=9" >/dev/null
cp "$TMP/new.db" "$TMP/pop.db.tmp" && mv "$TMP/pop.db.tmp" "$DB"
ok $? "the store replaced (renamed over)"
bad=0
tried=0
pages
is "$bad" 0 "after: $tried deep pages are the new store's"
get "$C_URL/jobs?sort=nodes&limit=3&offset=9" >"$TMP/list.html"
grep -q 'rows 10 to 12 of 25 ' "$TMP/list.html"
ok $? "the list counts the new store's 25 jobs"
sqlite3 "$DB" 'UPDATE jobs SET nodes = 20 - nodes, mib_s = -mib_s'
ok $? "the store changed in place"
bad=0
tried=0
pages
is "$bad" 0 "changed: $tried deep pages read after keys found again"
done_testing
