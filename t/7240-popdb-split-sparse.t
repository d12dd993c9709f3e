#!/bin/sh
# A store whose ids are spread over int64's range (written by hand, or
# by SQLite picking random ids once the largest is taken) is read on one
# connection: read in chunks of at most 2,048 ids, ids 1 and 2^62 were
# 2^51 empty chunk queries (the command never ended), and ids of
# -(2^63 - 1) and 2^63 - 1 overflowed their span (a SANITIZE=1 build
# stopped in popdb.c).  Each store's output is one connection's
# (IOLENS_POP_SPLIT=0), byte for byte.  A CPU limit (ulimit -t), not a
# clock, stops the endless read: the store's four jobs take milliseconds.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/s.db
popstore_build "$DB" "$SAMPLES"/ior/ior_posix_*/*.darshan
n=$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')
[ "$n" -ge 3 ] || skip_all "no store of 3 jobs or more ($n)"

# ids LO HI: the store's first job's id LO, its last's HI, into $TMP/i.db
ids() {
	cp "$DB" "$TMP/i.db"
	sqlite3 "$TMP/i.db" "UPDATE jobs SET id = $2 WHERE id = (SELECT max(id) FROM jobs);
		UPDATE jobs SET id = $1 WHERE id = (SELECT min(id) FROM jobs)"
}

# same NAME CMD...: two connections as allowed (at most 60 s of CPU) and
# one agree
same() {
	_sn=$1
	shift
	(ulimit -t 60; "$IOLENS" "$@" --db "$TMP/i.db" >"$TMP/two" 2>&1; echo "rc $?" >>"$TMP/two")
	IOLENS_POP_SPLIT=0 "$IOLENS" "$@" --db "$TMP/i.db" >"$TMP/one" 2>&1
	echo "rc $?" >>"$TMP/one"
	cmp -s "$TMP/one" "$TMP/two"
	ok $? "$_sn: $* reads every row as one connection does ($(tail -1 "$TMP/two"))"
}

ids 1 4611686018427387904
is "$(sqlite3 "$TMP/i.db" 'SELECT count(*) FROM jobs WHERE id > 65536')" 1 "a job of id 2^62"
same "ids 1 and 2^62" jobs --format csv
same "ids 1 and 2^62" trend --format csv
ids -9223372036854775807 9223372036854775807
same "ids -(2^63 - 1) and 2^63 - 1" jobs --format csv
same "ids -(2^63 - 1) and 2^63 - 1" triage --format csv
done_testing
