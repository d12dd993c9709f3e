#!/bin/sh
# MPI-IO, HDF5 and PnetCDF calls known by name without their headers
# (issue 33 D7): clang drops a call with an undeclared type or constant
# in it (MPI_File, MPI_COMM_WORLD), in C and C++, so blocks --source
# parses with stand-in headers searched after every other directory.
# Joined to a trace, a block with such calls has its calls unknown, not
# "differs": Open MPI's MPI_File_open opens its own files under the
# program's line.  And blocks on an iolens trace says that the loader's
# opens of the plugins MPI_Init loads are not in it (strace -k has them).
# t/data/blocks/mpi-byname.c, mpi-byname.cpp.
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mpi-byname.c" "$TOP/t/data/blocks/mpi-byname.cpp" . || exit 1
col() { block_col "$@"; }

# no mpi.h on the path: no warning, the calls seen
$RUN blocks --source --format=csv mpi-byname.c > s.csv 2> err
is "$?:$(cat err)" "0:" "C without mpi.h: no warning"
is "$(col s.csv dump:17 trip_count):$(col s.csv dump:17 calls):$(col s.csv dump:17 bytes_written)" "6:6:12288" \
	"the loop of MPI_File_write_at_all: 6 calls of 2 KiB"
is "$(col s.csv dump:15 opens):$(col s.csv dump:20 calls)" "1:1" "MPI_File_open and MPI_File_close"
is "$(col s.csv main:29 calls)" 8 "main's call of dump(): 8"
$RUN blocks --source --format=csv mpi-byname.cpp > x.csv 2> err
is "$?:$(cat err)" "0:" "C++ without hdf5.h: no warning"
is "$(col x.csv save:15 trip_count):$(col x.csv save:15 writes)" "3:3" "the loop of H5Dwrite: 3 writes"
is "$(col x.csv save calls)" 7 "save(): H5Fcreate, H5Dcreate2, 3 H5Dwrite, 2 closes"

if command -v mpicc > /dev/null && command -v mpirun > /dev/null && [ -z "${SANITIZE:-}" ] &&
	[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && mpicc -g -O0 -o prog mpi-byname.c 2> /dev/null; then
	# shellcheck disable=SC2046
	$RUN blocks --source --format=csv mpi-byname.c -- $(mpicc --showme:compile 2> /dev/null) > r.csv 2> err
	is "$(cat err):$(cut -d, -f1,6- r.csv | sort | md5sum)" ":$(cut -d, -f1,6- s.csv | sort | md5sum)" \
		"with the real mpi.h on the path: the same prediction"
	export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
	timeout 300 $RUN trace --stacks -o p.it -- \
		mpirun -np 2 --oversubscribe --allow-run-as-root ./prog > out 2>&1
	ok $? "mpirun -np 2 traced with stacks"
	$RUN blocks --source --format=csv mpi-byname.c p.it > j.csv 2> /dev/null
	is "$(col j.csv dump:15 status):$(col j.csv dump:15 predicted_calls)" "unknown:" \
		"MPI_File_open's line: its calls unknown, not differs"
	is "$(col j.csv dump:17:18 bytes_written):$(col j.csv dump:17:18 predicted_bytes_written)" "24576:24576" \
		"the write_at_all line: its bytes compared, 2 ranks x 6 x 2 KiB"
	# shellcheck disable=SC2046
	$RUN blocks --source --format=csv mpi-byname.c p.it -- $(mpicc --showme:compile 2> /dev/null) > i.csv 2> /dev/null
	is "$(col i.csv dump:15 status):$(col i.csv dump:20 status)" "unknown:unknown" \
		"with the real mpi.h: MPI_File_open's and close's lines unknown too"
	is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "differs" { print $1 }' j.csv)" "" \
		"no block differs"
	$RUN blocks --source mpi-byname.c p.it > j.txt 2> /dev/null
	grep -q '^[0-9]* blocks with MPI-IO, HDF5 or PnetCDF calls: calls unknown$' j.txt
	ok $? "the text says why"
	$RUN blocks p.it > b.txt 2> /dev/null
	grep -q "^\[MPI: MPI_Init\]: without the dynamic loader's opens and reads of the plugins" b.txt
	ok $? "blocks on an iolens trace: MPI_Init's row without ld.so's opens, said"
	$RUN blocks --format=csv p.it > b.csv 2> e
	grep -q "^iolens blocks: note: \[MPI: MPI_Init\]: without the dynamic loader's opens" e
	ok $? "... and on stderr with --format=csv"
else
	skip "no mpicc, mpirun or tracer library (or a sanitizer)" 9
fi
done_testing
