#!/bin/sh
# The MPI build (make MPI=1, built here into a copy of the sources so the
# normal build is untouched): mpirun -np 4 iolens ingest gives the job rows
# of a serial ingest, column for column.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 (the CLI) is not installed"
command -v mpicc >/dev/null || skip_all "mpicc is not installed (Debian: libopenmpi-dev)"
command -v mpirun >/dev/null || skip_all "mpirun is not installed (Debian: openmpi-bin)"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] && skip_all "not under SANITIZE or VALGRIND"
q() { sqlite3 -batch -noheader -separator '	' "$@"; }
rows() {
	cols=$(q "$1" "SELECT group_concat(printf('iif(typeof(\"%s\") = ''real'', printf(''%%!.17g'', \"%s\"), quote(\"%s\"))', name, name, name), ' || ''|'' || ') FROM pragma_table_info('jobs') WHERE name NOT IN ('id', 'ingest_time')")
	q "$1" "SELECT $cols FROM jobs ORDER BY path"
}

LOGS=$SAMPLES
[ -d "$SHARED/corpus/population/logs" ] && LOGS=$SHARED/corpus/population/logs

mpi_build

$RUN ingest --db "$TMP/serial.db" -j 1 "$LOGS" >/dev/null 2>&1
n=$(q "$TMP/serial.db" 'SELECT count(*) FROM jobs')
export OMPI_MCA_btl_vader_single_copy_mechanism=none
timeout 300 mpirun -np 4 --oversubscribe --allow-run-as-root \
	"$MPI_BIN" ingest --db "$TMP/mpi.db" "$LOGS" >"$TMP/out" 2>"$TMP/err"
ok $? "mpirun -np 4 iolens ingest exits 0"
sed 's/^/# /' "$TMP/err" | tail -5
is "$(cat "$TMP/out")" "$n logs: $n added, 0 refreshed, 0 unchanged, 0 failed" \
	"rank 0 alone reports, $n added"
rows "$TMP/serial.db" >"$TMP/a"
rows "$TMP/mpi.db" >"$TMP/b"
is "$(wc -l <"$TMP/b")" "$n" "$n rows"
cmp -s "$TMP/a" "$TMP/b"
ok $? "the job rows equal the serial ingest's"
is "$(q "$TMP/mpi.db" 'SELECT group_concat(id) = group_concat(rid) FROM (SELECT id, row_number() OVER (ORDER BY path) AS rid FROM jobs ORDER BY id)')" \
	"1" "ids follow the walk order, as in a serial ingest"

timeout 300 mpirun -np 4 --oversubscribe --allow-run-as-root \
	"$MPI_BIN" ingest --db "$TMP/mpi.db" "$LOGS" >"$TMP/out" 2>&1
is "$(cat "$TMP/out")" "$n logs: 0 added, 0 refreshed, $n unchanged, 0 failed" \
	"a second MPI ingest adds nothing"

done_testing
