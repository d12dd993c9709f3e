#!/bin/sh
# The cost model (blocks --calibrate) times POSIX calls; an MPI-IO call
# was costed as one (MPI_File_open 5 us a call, measured 120 to 180: it
# is collective and opens the library's own files) and ranked with the
# rest.  Joined to a trace, a block with MPI-IO, HDF5 or PnetCDF calls
# has no predicted time now, and the text says how many (issue 33 D10;
# t/data/blocks/mpiio.c, its MPI-IO calls run by mpistub.c's POSIX
# stand-ins, so that no MPI is needed).
. "$(dirname "$0")/lib.sh"
[ -f "$(dirname "$IOLENS")/iolens-code.so" ] || skip_all "bin/iolens-code.so is not built (no libclang)"
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
col() { block_col j.csv "$1" "$2"; }
# its calls unknown: MPI's own system calls are not the program's (t/6100)
is "$(col shared:32 status):$(col shared:32 predicted_io_time_s)" "unknown:" "MPI_File_open's line: unknown, no predicted time"
is "$(col shared:35 predicted_io_time_s)" "" "MPI_File_close's line: none either"
is "$(col per_rank:17 predicted_io_time_s)" 0.001 "per_rank()'s open(2): its time"
is "$(col per_rank predicted_io_time_s | awk '{ print ($1 > 0) }')" 1 "per_rank(): its time"
$RUN blocks --source mpiio.c m.it > j.txt 2> /dev/null
is "$(grep -c '^[0-9]* blocks with MPI-IO, HDF5 or PnetCDF calls: no predicted I/O time$' j.txt)" 1 "the text says how many have none"
done_testing
