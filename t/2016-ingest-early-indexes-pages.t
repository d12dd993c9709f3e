#!/bin/sh
# Which rows a new store's indexes are built on (those of the first two
# thirds of the logs walked, ingest.c) depends on the count of logs
# walked alone, never on which logs the decoders have done: the same
# tree gives the same pages, index by index, with 1, 2 or 3 decoders and
# through a listfile; the rows of the last third, added after the build,
# leave the indexes' pages less full than a VACUUMed copy's (the price of
# the build done while the decoders still run).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
sqlite3 :memory: 'SELECT count(*) FROM dbstat' >/dev/null 2>&1 ||
	skip_all "no dbstat in this sqlite3"
S=$SAMPLES/population/logs
mkdir "$TMP/logs"
for k in $(seq 80); do
	mkdir "$TMP/logs/$k"
	for f in "$S"/*.darshan; do
		g="$TMP/logs/$k/$(basename "$f" .darshan)_$k.darshan"
		ln "$f" "$g" 2>/dev/null || cp "$f" "$g"
	done
done
N=$(find "$TMP/logs" -name '*.darshan' | wc -l)
find "$TMP/logs" -name '*.darshan' | sort >"$TMP/list"

layout() {	# each b-tree's pages, cells and free bytes, and the file's
	sqlite3 "$1" "SELECT name, count(*), sum(ncell), sum(unused) FROM dbstat GROUP BY name ORDER BY name"
	sqlite3 "$1" 'PRAGMA page_count; PRAGMA freelist_count'
}

for j in 1 2 3; do
	$RUN ingest -j $j --db "$TMP/j$j.db" "$TMP/logs" >/dev/null 2>&1
	ok $? "ingest -j $j of $N logs into a new store"
	layout "$TMP/j$j.db" >"$TMP/l$j"
done
$RUN ingest -j 2 --db "$TMP/list.db" "@$TMP/list" >/dev/null 2>&1
ok $? "ingest -j 2 of the same logs from a listfile"
layout "$TMP/list.db" >"$TMP/ll"
ok "$([ "$(wc -l <"$TMP/l1")" -gt 30 ]; echo $?)" "a layout of every b-tree"
cmp -s "$TMP/l1" "$TMP/l2" && cmp -s "$TMP/l1" "$TMP/l3"
ok $? "the same pages with 1, 2 and 3 decoders"
cmp -s "$TMP/l1" "$TMP/ll"
ok $? "and through a listfile"

# the indexes' free bytes against a VACUUMed copy's (every index built
# whole there): more, from the rows added after the build
sqlite3 "$TMP/j2.db" "VACUUM INTO '$TMP/packed.db'"
free() {
	sqlite3 "$1" "SELECT sum(unused) FROM dbstat WHERE name LIKE 'jobs\_%' ESCAPE '\\'"
}
got=$(free "$TMP/j2.db")
packed=$(free "$TMP/packed.db")
ok "$([ "$got" -gt "$packed" ]; echo $?)" \
	"the indexes built before the last third's rows: $got free bytes, $packed packed"
done_testing
