#!/bin/sh
# jobs in text holds no row to size its columns (issue 38: ten million
# rows held took 7.2 GB): the widths come from a first pass over the
# same rows, then each row is written as it is read.  The store is the
# 406 population logs copied to 100,000 jobs (as bench/popstore.sh grows
# them).  Peak RSS (GNU time's %M, a count, not a time: the same under
# any load) of the 100,000 jobs is within 100 bytes a row of the 406
# jobs' (rows held were about 780 bytes each), and the first output is
# written before the store's last read (strace's order of the calls).
. "$(dirname "$0")/lib.sh"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] &&
	skip_all "peak RSS under the sanitizer is its quarantine of freed memory, not the command's"
need_shared
POP=$SHARED/corpus/population
[ -f "$POP/manifest.tsv" ] || skip_all "no population corpus"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
[ -n "${VALGRIND:-}${SANITIZE:-}" ] && skip_all "peak RSS under a checker"
/usr/bin/time -f %M true >/dev/null 2>&1 || skip_all "no GNU time"
. "$TOP/t/pop/store.sh"
# the store benches' growth, not the rest of their environment
eval "$(sed -n '/^grow_jobs()/,/^}/p' "$TOP/bench/env.sh")"
eval "$(sed -n '/^grow_store()/,/^}/p' "$TOP/bench/env.sh")"
SMALL=$TMP/small.db
BIG=$TMP/big.db
ROWS=100000
popstore_build "$SMALL" "$POP"/logs/*.darshan
cp "$SMALL" "$BIG"
grow_store "$BIG" $ROWS
is "$(sqlite3 "$BIG" 'SELECT count(*) FROM jobs')" $ROWS "store of $ROWS jobs"
# both stores read on two connections: the second reader's thread and
# page cache are in the base as in the big run
IOLENS_POP_SPLIT=1
export IOLENS_POP_SPLIT

# peak DB ARGS...: jobs' peak RSS in KiB, its text in $TMP/out
peak() {
	_db=$1
	shift
	/usr/bin/time -f %M -o "$TMP/rss" "$IOLENS" jobs --db "$_db" "$@" \
		>"$TMP/out" 2>"$TMP/err" || echo "# jobs failed: $(head -1 "$TMP/err")"
	tail -1 "$TMP/rss"
}

for args in "" "--sort -mib_s"; do
	base=$(peak "$SMALL" $args)
	big=$(peak "$BIG" $args)
	is "$(grep -c '#' "$TMP/out")" $((ROWS - 406)) "jobs $args: every row"
	grow=$(((big - base) * 1024))
	[ "$grow" -lt $((ROWS * 100)) ]
	ok $? "jobs $args: $ROWS rows take $grow bytes more than 406 (< 100 a row)"
done

# the first bytes written before the store's last read: the rows are
# written as they come, not held to the end
if command -v strace >/dev/null 2>&1 &&
	strace -f -o /dev/null true 2>/dev/null; then
	strace -f -y -e trace=read,pread64,write -o "$TMP/st" \
		"$IOLENS" jobs --db "$BIG" >"$TMP/out" 2>"$TMP/err"
	first=$(grep -n "write(1<" "$TMP/st" | head -1 | cut -d: -f1)
	last=$(grep -n "big.db>" "$TMP/st" | tail -1 | cut -d: -f1)
	[ -n "$first" ] && [ -n "$last" ] && [ "$first" -lt "$last" ]
	ok $? "the first row written (call $first) before the last read (call $last)"
else
	skip "strace cannot trace here" 1
fi

done_testing
