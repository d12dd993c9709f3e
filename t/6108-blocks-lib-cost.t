#!/bin/sh
# blocks --source gives MPI-IO, HDF5 and PnetCDF calls a predicted I/O
# time: each costs at least the POSIX call it makes (an open, a create
# for H5Fcreate and ncmpi_create, a write of its bytes, a close), and an
# MPI-IO call MPI-IO's own cost where blocks --calibrate measured one
# that is more.  Ranked from the source alone the MPI-IO costs were not
# used (MPI_File_open 1 ms costed, 2 ms measured), and a block with such
# calls had no time without them; joined to an MPI run, the prediction
# is counted once per process that ran main (issue 33 gap 1;
# t/data/blocks/mpi-byname.c, mpi-byname.cpp).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mpi-byname.c" "$TOP/t/data/blocks/mpi-byname.cpp" . || exit 1
col() { block_col "$@"; }
t() { col s.csv "$1" predicted_io_time_s | awk 'NF { printf "%.6g\n", $1 }'; }

# the hand-made model of t/6025: open 1 ms, close 0.1 ms, a write of
# 512 B 3 us and of 4 KiB 10 us
iocost_handmade
$RUN blocks --source --format=csv mpi-byname.c > s.csv 2> err
is "$?:$(cat err)" "0:" "MPI-IO without MPI-IO's costs"
# each MPI-IO call: its POSIX call plus the default overhead of one
# (open 200 us, close 5 us, read or write 3 us: t/6126)
is "$(t dump:15):$(t dump:20)" "0.0012:0.000105" "MPI_File_open and close: an open and a close, and MPI-IO's overhead"
is "$(t dump:17)" 5.4e-05 "the loop of 6 MPI_File_write_at_all of 2 KiB: 6 writes of 2 KiB and the overhead"
echo "create 0.05" >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpi-byname.cpp > s.csv 2> err
is "$?:$(cat err)" "0:" "HDF5"
is "$(t save:10)" 0.05 "H5Fcreate makes its file: a create"
is "$(t save:17)" 0.0001 "H5Dclose: another call"
is "$(t save:15)" 9e-06 "3 H5Dwrite of a size the source does not say: the smallest class"

# (without the create of 50 ms: MPI_MODE_CREATE's open is one)
iocost_handmade
{ echo "mpiio_open 0.002"; echo "mpiio_close 0.0005"; echo "mpiio_read 0.00005"
	echo "mpiio_write 0.0001"; } >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpi-byname.c > s.csv 2> err
is "$?:$(cat err)" "0:" "with MPI-IO's costs"
is "$(t dump:15):$(t dump:20)" "0.002:0.0005" "MPI_File_open and close: MPI-IO's"
is "$(t dump:17)" 0.0006 "the loop: 6 x MPI-IO's write, more than a POSIX write of 2 KiB"
$RUN blocks --source mpi-byname.c > s.txt 2> /dev/null
grep -q '^  line mpi-byname.c:15: calls 1, opens 1, I/O time 0.002000 s$' s.txt
ok $? "the text's time too"

if command -v mpicc > /dev/null && command -v mpirun > /dev/null && [ -z "${SANITIZE:-}" ] &&
	[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] && mpicc -g -O0 -o prog mpi-byname.c 2> /dev/null; then
	export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
	timeout 300 $RUN trace --stacks -o p.it -- \
		mpirun -np 2 --oversubscribe --allow-run-as-root ./prog > out 2>&1
	ok $? "mpirun -np 2 traced with stacks"
	$RUN blocks --source --format=csv mpi-byname.c p.it > s.csv 2> /dev/null
	# joined, an MPI-IO call costs the system calls a trace measures
	# beneath it, not the whole call (issue 33 D3, t/6150)
	is "$(t dump:15):$(t dump:20):$(t dump:17)" "0.002:0.0002:7.2e-05" \
		"joined: each time (the POSIX calls beneath) counted for the 2 processes that ran main"
	$RUN blocks --source mpi-byname.c p.it > j.txt 2> /dev/null
	grep -q '^main ran in 2 processes' j.txt
	ok $? "... as the text says"
else
	skip "no mpicc, mpirun or tracer library (or a sanitizer)" 3
fi
done_testing
