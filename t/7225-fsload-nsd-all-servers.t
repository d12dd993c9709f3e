#!/bin/sh
# A GPFS NSD served by several NSD servers names all that reported it
# in its server column (sorted, separated by spaces), from the files in
# any order, from an archive of them and from a store alike; before, it
# named the first that reported it, so that the order of the files
# changed the output.  The truth for pytokio's archive is read here by
# awk from its reports' legends.
. "$(dirname "$0")/lib.sh"

mm() { gpfs_nsd "$1" "$2" read "10:00 $3"; } # host disk value
mm srvb d0 1 >"$TMP/b.txt"
mm srva d0 2 >"$TMP/a.txt"
mm srvc d0 4 >"$TMP/c.txt"
mm srvc d1 8 >"$TMP/c1.txt"
nsd() { awk -F, '$2 == "nsd" { printf "%s %s %s;\n", $1, $3, $15 }' "$1" | sort | tr -d '\n'; }

$RUN fsload --format=csv "$TMP/b.txt" "$TMP/c.txt" "$TMP/a.txt" "$TMP/c1.txt" >"$TMP/1.csv" 2>"$TMP/err"
is "$(nsd "$TMP/1.csv")" "d0 7 srva srvb srvc;d1 8 srvc;" \
	"d0 names its three servers, d1 its one ($(cat "$TMP/err"))"
$RUN fsload --format=csv "$TMP/c1.txt" "$TMP/a.txt" "$TMP/c.txt" "$TMP/b.txt" >"$TMP/2.csv"
is "$(nsd "$TMP/2.csv")" "d0 7 srva srvb srvc;d1 8 srvc;" "in another order the same (rows in the order read, sorted here)"
(cd "$TMP" && tar czf all.tgz c.txt b.txt a.txt c1.txt)
$RUN fsload --format=csv "$TMP/all.tgz" >"$TMP/3.csv"
is "$(nsd "$TMP/3.csv")" "d0 7 srva srvb srvc;d1 8 srvc;" "an archive of them the same"
command -v sqlite3 >/dev/null && {
	for f in b c a c1; do
		$RUN ingest --db "$TMP/s.db" --fsload "$TMP/$f.txt" >/dev/null 2>>"$TMP/err"
	done
	$RUN fsload --format=csv --db "$TMP/s.db" >"$TMP/4.csv" 2>>"$TMP/err"
	is "$(nsd "$TMP/4.csv")" "d0 7 srva srvb srvc;d1 8 srvc;" \
		"a store of the four recordings the same ($(cat "$TMP/err"))"
}

if [ -f "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" ]; then
	mkdir "$TMP/mm" && tar xzf "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" -C "$TMP/mm"
	D=$TMP/mm/mmperfmon.2019-05-15-micro
	awk -F'|' '/GPFSNSDDisk/ { sub(/^[ \t]*[0-9]+:[ \t]*/, "", $1); print $3, $1 }' \
		"$D"/read/* "$D"/write/* | sort -u |
		awk '$1 != d { if (d != "") print d, s; d = $1; s = $2; next } { s = s " " $2 }
			END { print d, s }' >"$TMP/truth"
	$RUN fsload --format=csv "$SHARED/corpus/tokio/mmperfmon.2019-05-15-micro.tgz" |
		awk -F, '$2 == "nsd" { print $1, $15 }' | sort >"$TMP/got"
	diff -u "$TMP/truth" "$TMP/got" >"$TMP/diff"
	ok $? "pytokio's archive: each NSD names every server whose reports have it ($(wc -l <"$TMP/truth") NSDs, $(grep -c ' .* ' "$TMP/truth") with two or more)"
	sed 's/^/# /' "$TMP/diff" | head -10
else
	skip "../shared is not present" 1
fi

done_testing
