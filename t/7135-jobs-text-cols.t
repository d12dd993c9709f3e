#!/bin/sh
# jobs in text reads only the columns text shows (issue 38: every row of
# ten million decoded whole, two hundred columns, was most of its time):
# a store whose rows carry a 48 MiB exe, a column text does not show,
# lists them in text under an address-space limit (ulimit -v, not time:
# the same under any load) of what the 406 jobs need plus 24 MiB, where
# reading the exe of a row takes 48 MiB.  The text is that of the store
# without the big column; csv still carries every column.
. "$(dirname "$0")/lib.sh"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
[ -n "${VALGRIND:-}" ] && skip_all "an address-space limit under valgrind"
. "$TOP/t/pop/store.sh"
SMALL=$TMP/small.db
BIG=$TMP/big.db
popstore_build "$SMALL" "$POP"/logs/*.darshan
cp "$SMALL" "$BIG"
sqlite3 "$BIG" "UPDATE jobs SET exe = replace(hex(zeroblob(25165824)), '0', 'x')
	WHERE id % 100 = 1"
is "$(sqlite3 "$BIG" 'SELECT count(*) FROM jobs WHERE length(exe) = 50331648')" 5 \
	"5 rows with a 48 MiB exe"

# limited KIB CMD...: CMD under ulimit -v KIB
limited() {
	(
		ulimit -v "$1" 2>/dev/null || exit 98
		shift
		"$IOLENS" "$@"
	)
}

# the smallest limit (KiB, by 4 MiB) under which text of the 406 jobs
# runs; empty when none under 256 MiB (a sanitizer's reserve)
b=8192
while [ $b -le 262144 ] && ! limited $b jobs --db "$SMALL" --wide >/dev/null 2>&1; do
	b=$((b + 4096))
done
if [ $b -gt 262144 ]; then
	skip "no address-space limit jobs runs under" 3
else
	"$IOLENS" jobs --db "$SMALL" --wide >"$TMP/small.txt" 2>&1
	limited $((b + 24576)) jobs --db "$BIG" --wide >"$TMP/big.txt" 2>"$TMP/err"
	st=$?
	[ $st -eq 0 ] || sed 's/^/# /' "$TMP/err"
	ok $st "jobs text: the rows with a 48 MiB exe in 24 MiB more than 406 jobs ($b KiB)"
	cmp -s "$TMP/small.txt" "$TMP/big.txt"
	ok $? "the same text as the store without it"
	limited $((b + 24576)) jobs --db "$BIG" --sort -mib_s --top 3 >"$TMP/top.txt" 2>&1
	ok $? "jobs --sort -mib_s --top 3 under the same limit"
fi
"$IOLENS" jobs --db "$BIG" --where 'id = 101' --format csv >"$TMP/one.csv" 2>&1
[ "$(wc -c <"$TMP/one.csv")" -gt 50331648 ]
ok $? "csv carries the exe whole"
done_testing
