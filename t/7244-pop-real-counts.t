#!/bin/sh
# An integer column holding a real out of int64's range (a hostile or
# hand-edited store: nprocs 1e300) is read as SQLite casts it, held to
# INT64_MAX (or INT64_MIN), by the analyses that load it as an integer
# (trend, groups, variance), as jobs reads it: the same outputs as a
# store holding 9223372036854775807.  The cast was undefined (a
# SANITIZE=1 build stopped in popdb.c, and at INT64_MAX in
# poptriage.c's hash and rows of the processes as a double; x86 made it
# INT64_MIN, trend's core-hours of the job 0 instead of the most).
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 is not installed"
. "$TOP/t/pop/store.sh"
DB=$TMP/s.db
popstore_build "$DB" "$SAMPLES"/ior/ior_posix_*/*.darshan
[ "$(sqlite3 "$DB" 'SELECT count(*) FROM jobs')" -ge 2 ] || skip_all "no store of 2 jobs"
for v in 1e300 -1e300; do
	cp "$DB" "$TMP/r.db"
	cp "$DB" "$TMP/i.db"
	sqlite3 "$TMP/r.db" "UPDATE jobs SET nprocs = $v WHERE id = 1"
	sqlite3 "$TMP/i.db" "UPDATE jobs SET nprocs = CAST($v AS INTEGER) WHERE id = 1"
	is "$(sqlite3 "$TMP/r.db" 'SELECT typeof(nprocs) FROM jobs WHERE id = 1')" real "nprocs $v: a real in the store"
	for c in "trend --format csv" "groups --by app --format csv" "variance --format csv"; do
		# shellcheck disable=SC2086
		$RUN $c --db "$TMP/r.db" >"$TMP/r" 2>&1
		echo "rc $?" >>"$TMP/r"
		# shellcheck disable=SC2086
		$RUN $c --db "$TMP/i.db" 2>&1 | sed "s|$TMP/i.db|$TMP/r.db|g" >"$TMP/i"
		echo "rc 0" >>"$TMP/i"
		cmp -s "$TMP/i" "$TMP/r"
		ok $? "nprocs $v: $c as of the integer SQLite casts it to"
	done
	# triage reads nprocs as a number: it only runs
	$RUN triage --format csv --db "$TMP/r.db" >/dev/null 2>"$TMP/e"
	is "$?:$(cat "$TMP/e")" "0:" "nprocs $v: triage --db runs"
done
done_testing
