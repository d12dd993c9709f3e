#!/bin/sh
# blocks --source on MPI_Init and MPI_Finalize (issue 33): iolens blocks
# folds what they do into one block under the line that called them
# ([MPI: MPI_Init], [MPI: MPI_Finalize]); the source predicts that line
# too, as a call whose I/O (MPI's own, at its start and end) it does not
# know, so the two pair: the line is unknown, not "measured, not
# predicted", and main() with it; the rest stays exact.
. "$(dirname "$0")/lib.sh"
need_code
SRC=$TOP/t/data/blocks/mpi-init.c
cd "$TMP" || exit 1
col() { block_col "$@"; }

# without mpi.h (a warning): the calls are known by name
$RUN blocks --source --format=csv "$SRC" > s.csv 2> /dev/null
is "$(col s.csv main:25 kind):$(col s.csv main:25 calls)" "line:" "MPI_Init's line: a block, its calls unknown"
is "$(col s.csv main:28 kind):$(col s.csv main:28 calls)" "line:" "MPI_Finalize's line alike"
is "$(col s.csv main calls):$(col s.csv main:27 calls)" ":6" "main() unknown with them; dump()'s line known"
$RUN blocks --source "$SRC" > s.txt 2> /dev/null
grep -q '^    MPI_Init (\[MPI: MPI_Init\], its own I/O not predicted)$' s.txt
ok $? "text: the call, with the label iolens blocks gives its block"

LIB=$(dirname "$IOLENS")/iolens-trace.so
if command -v mpicc > /dev/null && command -v mpirun > /dev/null && [ -f "$LIB" ] &&
	cp "$SRC" prog.c && mpicc -g -O0 -o prog prog.c 2> /dev/null; then
	export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
	timeout 300 $RUN trace --stacks -o p.it -- \
		mpirun -np 2 --oversubscribe --allow-run-as-root ./prog > out 2>&1
	ok $? "mpirun -np 2 traced with stacks"
	$RUN blocks --source --format=csv prog.c p.it > j.csv 2> /dev/null
	is "$(col j.csv main:25 status)" "unknown" "MPI_Init's line pairs with the measured one: unknown, not 'not predicted'"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "not predicted" { print $1 }' j.csv)" "" \
		"no measured block left unpredicted"
	is "$(col j.csv main:27 status):$(col j.csv dump status)" "exact:exact" "dump(), in 2 ranks: exact"
else
	skip "mpicc, mpirun or the tracer library is not there" 4
fi
done_testing
