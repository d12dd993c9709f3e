#!/bin/sh
# Without MPI-IO's measured costs (blocks --calibrate found no mpicc and
# mpirun), an MPI-IO call costs the POSIX call it makes plus a stated
# default overhead a call (open 200 us, close 5 us, read or write 3 us),
# and MPI_File_open with MPI_MODE_CREATE is a create; the text says which
# costs it used.  Before, MPI_File_open was costed as the open of a file
# that is there and nothing more, so MPI-IO blocks ranked below POSIX
# ones that measured less (issue 33: mpiio-real.c, Spearman 0.458; 0.979
# after; t/data/blocks/mpi-default.c, no MPI needed).
. "$(dirname "$0")/lib.sh"
need_code
cd "$TMP" || exit 1
cp "$TOP/t/data/blocks/mpi-default.c" . || exit 1
t() { block_col s.csv "$1" predicted_io_time_s | awk 'NF { printf "%.6g\n", $1 }'; }

# the hand-made model of t/6025 with a create of 2 ms
iocost_handmade
echo "create 0.002" >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpi-default.c > s.csv 2> err
is "$?:$(cat err)" "0:" "MPI-IO without MPI-IO's costs"
is "$(t shared:28)" 0.0022 "MPI_File_open with MPI_MODE_CREATE: a create (2 ms) and 200 us"
is "$(t shared:33)" 0.000105 "MPI_File_close: a close (0.1 ms) and 5 us"
is "$(t shared:30)" 5.2e-05 "4 MPI_File_write_at of 4 KiB: 4 writes (10 us) and 3 us each"
is "$(t per_rank:15)" 0.002 "open(2) with O_CREAT|O_TRUNC: a create"
awk -F, 'NR > 1 && $2 == "function" && $1 != "main" { print $1 }' s.csv | tr '\n' ' ' > order
is "$(cat order)" "shared per_rank " "shared() ranks above per_rank() (main() holds both)"
$RUN blocks --source mpi-default.c > s.txt 2> /dev/null
grep -q "^MPI-IO calls: the POSIX call's cost plus MPI-IO's default overhead a call$" s.txt
ok $? "the text says the default overhead was used"
is "$(grep -c '(open 200 us, close 5 us, read or write 3 us)' s.txt)" 1 "... and what it is"

{ echo "mpiio_open 0.004"; echo "mpiio_close 0.0005"; echo "mpiio_read 0.00005"
	echo "mpiio_write 0.0001"; } >> "$XDG_CONFIG_HOME/iolens/iocost"
$RUN blocks --source --format=csv mpi-default.c > s.csv 2> /dev/null
is "$(t shared:28):$(t shared:33)" "0.004:0.0005" "with MPI-IO's measured costs: those, no default"
$RUN blocks --source mpi-default.c > s.txt 2> /dev/null
grep -q "^MPI-IO calls: MPI-IO's costs measured by blocks --calibrate (open 4000 us,$" s.txt
ok $? "the text says the measured costs were used"
done_testing
