#!/bin/sh
# A deep page of the job list is read after the kept key (value, id) of
# the row before its place (serve/keyset.c: every 1,000th row's key of
# an order, kept per filter, order and store state), not stepped to
# through every row before it; the rows are those of `jobs --offset`,
# in every order, with NULLs (nodes: 8 of 30 NULL; project: all),
# ties, and a user's jobs (offsets within them: past the last row the
# twin is [] where jobs says none match).  IOLENS_TEST_ANCHOR_EVERY=4: the 30 sample
# jobs have deep pages.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_needs
command -v sqlite3 >/dev/null || skip_all "no sqlite3"

serve_store 30
# nodes: 22 values with ties, then 8 NULLs (the samples have 3 values):
# keys of both kinds in either direction
sqlite3 "$DB" 'UPDATE jobs SET nodes = CASE WHEN id % 4 = 0 THEN NULL ELSE id % 5 END'
ok $? "some nodes NULL, the others tied"
IOLENS_TEST_ANCHOR_EVERY=4
export IOLENS_TEST_ANCHOR_EVERY
serve_start C --db "$DB" --logs "$TMP/logs" --cache ""
bad=0
tried=0
page() {	# page SORT OFFSET [USER]: the server's page against jobs'
	if [ -n "${3:-}" ]; then
		get "$C_URL/api/jobs?user=$3&sort=$1&limit=3&offset=$2" >"$TMP/api.json"
		$IOLENS jobs --db "$DB" --where "\"user\" = '$3'" --sort "$1" --top 3 \
			--offset "$2" --format json >"$TMP/cli.json" 2>&1
	else
		get "$C_URL/api/jobs?sort=$1&limit=3&offset=$2" >"$TMP/api.json"
		$IOLENS jobs --db "$DB" --sort "$1" --top 3 --offset "$2" \
			--format json >"$TMP/cli.json" 2>&1
	fi
	tried=$((tried + 1))
	cmp -s "$TMP/api.json" "$TMP/cli.json" || {
		bad=$((bad + 1))
		echo "# differs: sort $1 offset $2 ${3:-}"
	}
}
for s in nodes -nodes project -project user -user app -app nprocs -mib_s strategy; do
	for off in 0 3 4 5 8 9 13 18 23 26 27 28 29; do
		page "$s" "$off"
	done
done
is "$bad" 0 "$tried pages, in 11 orders, are jobs --offset's, byte for byte"
bad=0
tried=0
for s in nodes -nodes -mib_s app; do
	for off in 0 4 5 9 13; do
		page "$s" "$off" alice
	done
done
is "$bad" 0 "... and $tried pages of a user's jobs"
n=$(stat_of keyset_pages)
ok "$([ "${n:-0}" -gt 0 ]; echo $?)" "pages read after a kept key (${n:-none})"
k=$(stat_of keys_made)
ok "$([ "${k:-0}" -gt 0 ] && [ "$k" -lt 200 ]; echo $?)" \
	"keys found once an order, not each page (${k:-none})"
done_testing
