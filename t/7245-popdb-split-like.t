#!/bin/sh
# A --where with LIKE or GLOB is read on one connection: SQLite matches a
# pattern by recursion, a level each '%' matched (up to 25,000 under its
# 50,000-byte pattern limit), and the split's helper thread has a 1 MiB
# stack: 8,192 levels (exe LIKE '%a%a...%b' on a command line of 16,384
# a's) crashed it (SIGSEGV) where one connection answers.  The same
# output and exit code either way.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
command -v python3 >/dev/null || skip_all "no python3 to write the pattern"
. "$TOP/t/pop/store.sh"
DB=$TMP/s.db
popstore_build "$DB" "$SAMPLES"/ior/ior_posix_*/*.darshan
[ "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" -ge 2 ] || skip_all "no store of 2 jobs"
sqlite3 "$DB" "UPDATE jobs SET exe = '$(python3 -c "print('a' * 16384)")'"
for op in LIKE GLOB; do
	case $op in
	LIKE) P=$(python3 -c "print('%a' * 8192 + '%b')") ;;
	GLOB) P=$(python3 -c "print('*a' * 8192 + '*b')") ;;
	esac
	for s in 0 1; do
		IOLENS_POP_SPLIT=$s IOLENS_TEST_POP_TURNS=1 "$IOLENS" jobs --db "$DB" \
			--where "exe $op '$P' OR id = 1" --format csv >"$TMP/o.$s" 2>&1
		echo "rc $?" >>"$TMP/o.$s"
	done
	cmp -s "$TMP/o.0" "$TMP/o.1"
	ok $? "exe $op '${P%"${P#????}"}...' (8,192 levels): one connection's output on two ($(tail -1 "$TMP/o.1"))"
done
done_testing
