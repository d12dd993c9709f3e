#!/bin/sh
# MPI-IO calls get a predicted time from MPI-IO's own costs: blocks
# --calibrate, where mpicc and mpirun are on PATH, builds and runs an
# MPI program of 2 processes timing MPI_File_open, close, a 4 KiB
# read_at and write_at, and saves them (mpiio_* lines); a block with
# MPI-IO calls is then timed by them where they are more than the POSIX
# calls they make, and as those POSIX calls without them (t/6089).  Measured: a real MPI-IO program traced
# under mpirun -np 2 --oversubscribe (issue 33 D10;
# t/data/blocks/mpiio.c with mpistub.c, and mpiio-real.c).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
col() { block_col j.csv "$1" "$2"; }
cp "$TOP/t/data/blocks/mpiio.c" "$TOP/t/data/blocks/mpistub.c" . &&
	cc -g -O0 -o mpiio mpiio.c mpistub.c || exit 1
$RUN trace --stacks -o m.it ./mpiio 2> /dev/null

# the hand-made model of t/6025 and MPI-IO's costs: an open 2 ms, a
# close 0.5 ms, a write_at 0.1 ms
iocost_handmade
{ echo "mpiio_open 0.002"; echo "mpiio_close 0.0005"; echo "mpiio_read 0.00005"
	echo "mpiio_write 0.0001"; } >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpiio.c m.it > j.csv 2> err
is "$?:$(cat err)" "0:" "joined with MPI-IO costs"
# the source alone costs the whole MPI-IO call (joined: the system calls
# beneath it, what a trace measures, t/6150)
$RUN blocks --source --format=csv mpiio.c > s.csv 2> /dev/null
scol() { block_col s.csv "$1" "$2" | awk '{ printf "%.6g\n", $1 }'; }
is "$(scol shared:32 predicted_io_time_s)" 0.002 "MPI_File_open's line: MPI-IO's open, 2 ms"
is "$(scol shared:35 predicted_io_time_s)" 0.0005 "MPI_File_close's line: its close"
is "$(col per_rank:17 predicted_io_time_s)" 0.001 "per_rank()'s open(2): POSIX's still"
$RUN blocks --source mpiio.c m.it > j.txt 2> /dev/null
is "$(grep -c 'blocks with MPI-IO, HDF5 or PnetCDF calls: no predicted' j.txt)" 0 "the text no longer says they have none"
# a model with some of MPI-IO's costs only: none of them
iocost_handmade
echo "mpiio_open 0.002" >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpiio.c > s.csv 2> /dev/null
is "$(scol shared:32 predicted_io_time_s)" 0.0012 \
	"MPI-IO's costs all there or none used: a POSIX open's and the default overhead"

if command -v mpicc > /dev/null && command -v mpirun > /dev/null && [ -z "${SANITIZE:-}" ] &&
	cp "$TOP/t/data/blocks/mpiio-real.c" . && mpicc -g -O0 -o prog mpiio-real.c 2> /dev/null; then
	export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_mpi_warn_on_fork=0
	mkdir cal && rm -f "$XDG_CONFIG_HOME/iolens/iocost"
	timeout 300 $RUN blocks --calibrate cal > cal.txt 2> err
	is "$?:$(cat err)" "0:" "blocks --calibrate with mpicc and mpirun"
	is "$(awk '/^mpiio_(open|close|read|write) / && $2 > 0' "$XDG_CONFIG_HOME/iolens/iocost" | wc -l)" 4 \
		"... saves MPI-IO's four costs"
	is "$(grep -c '^  MPI-IO (2 processes): open' cal.txt):$(ls -A cal | wc -l)" "1:0" \
		"... says them, and leaves nothing in the directory"
	timeout 300 $RUN trace --stacks -o p.it -- \
		mpirun -np 2 --oversubscribe --allow-run-as-root ./prog > out 2>&1
	ok $? "mpirun -np 2 --oversubscribe traced with stacks"
	# shellcheck disable=SC2046
	$RUN blocks --source --format=csv mpiio-real.c p.it -- $(mpicc --showme:compile 2> /dev/null) > j.csv 2> /dev/null
	is "$(col per_rank:22:23 calls):$(col per_rank:22:23 status)" "20:exact" "measured: 10 write(2) in each of 2 ranks, exact"
	is "$(col shared:35:36 calls):$(col shared:35:36 bytes_written)" "8:32768" \
		"measured: MPI_File_write_at's line, 4 x 4 KiB in each rank"
	is "$(col shared:33 predicted_io_time_s | awk '{ print ($1 > 0) }')" 1 \
		"MPI_File_open's line has a predicted time"
else
	skip "no mpicc or mpirun (or a sanitizer)" 7
fi
done_testing
