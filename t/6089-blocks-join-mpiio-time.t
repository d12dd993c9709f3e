#!/bin/sh
# The cost model (blocks --calibrate) times POSIX calls; an MPI-IO call
# is more (MPI_File_open 5 us costed as an open, measured 120 to 180: it
# is collective and opens the library's own files).  Without MPI-IO's
# own costs, a block with MPI-IO, HDF5 or PnetCDF calls is costed as the
# POSIX calls they make at least (a lower bound: they had no predicted
# time, so a program of MPI-IO alone ranked nothing), and the text says
# how many such blocks there are (issue 33 D10 and gap 1;
# t/data/blocks/mpiio.c, its MPI-IO calls run by mpistub.c's POSIX
# stand-ins, so that no MPI is needed).
. "$(dirname "$0")/lib.sh"
need_code
[ -f "$(dirname "$IOLENS")/iolens-trace.so" ] || skip_all "no bin/iolens-trace.so"
command -v cc > /dev/null || skip_all "no C compiler"
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mpiio.c" "$TOP/t/data/blocks/mpistub.c" . &&
	cc -g -O0 -o mpiio mpiio.c mpistub.c || exit 1
# the cost model of t/6025 (hand-made)
iocost_handmade
$RUN trace --stacks -o m.it ./mpiio 2> /dev/null
$RUN blocks --source --format=csv mpiio.c m.it > j.csv 2> err
is "$?:$(cat err)" "0:" "joined"
col() { block_col j.csv "$1" "$2" | awk '{ printf "%s\n", ($1 ~ /^[0-9.e-]+$/ ? sprintf("%.6g", $1) : $1) }'; }
# its calls unknown: MPI's own system calls are not the program's (t/6100)
# the source alone costs the whole MPI-IO call; joined, the system calls
# beneath it, which is what a trace measures (issue 33 D3, t/6150)
$RUN blocks --source --format=csv mpiio.c > s.csv 2> /dev/null
scol() { block_col s.csv "$1" "$2" | awk '{ printf "%.6g\n", $1 }'; }
is "$(col shared:32 status):$(scol shared:32 predicted_io_time_s)" "unknown:0.0012" \
	"MPI_File_open's line: calls unknown, its time a POSIX open's and MPI-IO's default overhead (200 us)"
is "$(scol shared:35 predicted_io_time_s)" 0.000105 "MPI_File_close's line: a close's and 5 us"
is "$(scol shared:33 predicted_io_time_s)" 5.2e-05 "the loop of MPI_File_write_at: 4 writes of 4 KiB and 3 us each"
is "$(col per_rank:17 predicted_io_time_s)" 0.001 "per_rank()'s open(2): its time"
is "$(col per_rank predicted_io_time_s | awk '{ print ($1 > 0) }')" 1 "per_rank(): its time"
$RUN blocks --source mpiio.c m.it > j.txt 2> /dev/null
is "$(grep -c '^[0-9]* blocks with MPI-IO, HDF5 or PnetCDF calls: predicted I/O time at least$' j.txt)" 1 \
	"the text says how many are lower bounds"
done_testing
