#!/bin/sh
# fsload counts the counter resets and gaps of its window, from the
# files and from a store alike: a generated LMT database (three OSTs,
# 60 readings 5 s apart) whose resets and gaps lie inside and outside
# the windows tried.  The truth is counted here, by awk, from the
# readings the database was written from: an interval between two
# readings of an OST counts when it has a share in the window (it ends
# after --from and starts before --to); a gap is readings further apart
# than 1.5 steps (its seconds: the time between them less one step), a
# reset a counter lower than the reading before it.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
. "$TOP/t/fs/lmtgen.sh"
REC=$TMP/w.sqlite3
S=$TMP/s.db

# readings "ost step read written", one a line; missing readings are no
# line.  OST0000: step 10 missing, restarts at 40.  OST0001: restarts
# at 12, 25 and 26 missing.  OST0002: 45 missing and restarted by 46 (a
# reset across a gap, as an OSS restart gives), restarts again at 58.
awk 'BEGIN {
	for (o = 0; o < 3; o++) {
		r = w = 0
		for (i = 0; i < 60; i++) {
			r += 100 * (o + 1); w += 1000 * (o + 1)
			if ((o == 0 && i == 40) || (o == 1 && i == 12) ||
			    (o == 2 && (i == 46 || i == 58))) {
				r = 7 + o; w = 70 + o
			}
			if ((o == 0 && i == 10) || (o == 1 && (i == 25 || i == 26)) ||
			    (o == 2 && i == 45))
				continue
			print o, i, r, w
		}
	}
}' >"$TMP/readings"
{
	lmt_ddl
	echo "INSERT INTO FILESYSTEM_INFO VALUES (1, 'win', '/win', '1.1');"
	echo "INSERT INTO OSS_INFO VALUES (1, 1, 'oss0', '');"
	for o in 0 1 2; do
		echo "INSERT INTO OST_INFO VALUES ($((o + 1)), 1, 'win-OST000$o', 'oss0', 0, 'md$o');"
	done
	awk 'BEGIN { for (i = 0; i < 60; i++)
		printf "INSERT INTO TIMESTAMP_INFO VALUES (%d, \x272018-01-28 00:%02d:%02d\x27);\n",
			i + 1, int(i * 5 / 60), i * 5 % 60 }'
	awk '{ printf "INSERT INTO OST_DATA VALUES (%d, %d, %d, %d, 0.0, 900, 100, 5, 5);\n",
		$1 + 1, $2 + 1, $3, $4 }' "$TMP/readings"
} | sqlite3 "$REC"
ok $? "an LMT database with resets and gaps written"
$RUN ingest --db "$S" --fsload "$REC" >/dev/null 2>"$TMP/err"
ok $? "ingested into a store ($(cat "$TMP/err"))"

# the truth for a window [from, to) in seconds after 00:00:00 (-1: an
# open end): "name gaps gap_seconds resets" per OST, then the totals
truth() {
	awk -v from="$1" -v to="$2" '
	function touch(t0, t1) {
		return (from < 0 || t1 > from) && (to < 0 || t0 < to)
	}
	{
		t = $2 * 5
		if ($1 == o && touch(pt, t)) {
			if (t - pt > 7.5) { g[o]++; gs[o] += t - pt - 5 }
			if ($3 < pr || $4 < pw) rs[o]++
		}
		o = $1; pt = t; pr = $3; pw = $4
	}
	END {
		for (o = 0; o < 3; o++) {
			printf "win-OST000%d %d %d %d;", o, g[o], gs[o], rs[o]
			G += g[o]; GS += gs[o]; R += rs[o]
		}
		printf "win %d %d %d;", G, GS, R
	}' "$TMP/readings"
}
counts() {
	awk -F, '$2 == "ost" || $2 == "fs" { printf "%s %s %s %s;", $1, $16, $17, $18 }' "$1"
}
stamp() {
	printf '2018-01-28T00:%02d:%02dZ' $(($1 / 60)) $(($1 % 60))
}

# windows: none; the first minute (OST0000's gap, not OST0001's reset,
# which ends on its end); edges on readings and between them; one end
# open; a window of no event
for w in "-1 -1" "0 60" "55 120" "60 121" "122 213" "212 232" "226 -1" \
	"-1 48" "150 195"; do
	set -- $w
	opt=
	[ "$1" -ge 0 ] && opt="--from $(stamp "$1")"
	[ "$2" -ge 0 ] && opt="$opt --to $(stamp "$2")"
	want=$(truth "$1" "$2")
	$RUN fsload --format=csv $opt "$REC" >"$TMP/a.csv" 2>"$TMP/err"
	is "$(counts "$TMP/a.csv")" "$want" \
		"window ${opt:-none}: the recording's resets and gaps"
	$RUN fsload --format=csv $opt --db "$S" >"$TMP/b.csv" 2>>"$TMP/err"
	is "$(counts "$TMP/b.csv")" "$want" \
		"window ${opt:-none}: the store's resets and gaps"
	cmp -s "$TMP/a.csv" "$TMP/b.csv"
	ok $? "window ${opt:-none}: the store gives the recording's CSV ($(cat "$TMP/err"))"
done

# the text's line about them says the window's too
$RUN fsload --from "$(stamp 150)" --to "$(stamp 195)" --db "$S" >"$TMP/t.txt"
grep -q 'counter resets' "$TMP/t.txt"
is $? 1 "a window of no reset or gap: the text says none ($(grep 'counter resets' "$TMP/t.txt"))"

done_testing
