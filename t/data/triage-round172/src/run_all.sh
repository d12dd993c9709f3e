#!/bin/bash
# Round 172's runs (labels172): electronic-structure (DFT plane-wave) codes in Fortran. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied). Adapted from round 169's run_all.sh.
# PASS=lab: labelled logs (logs/r172-NAME) and each problem's twin (reruns/r172-labels172-tw-TWIN); PASS=ab1|ab2:
# reruns (reruns/r172-labels172-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels172 (only the two loop devices are limited). Inputs (3 pseudopotential files) are made outside Darshan.
R=/tmp/labels172/run; S=/tmp/labels172/src; T=/tmp/labels172/mnt; T2=/tmp/labels172/mnt2
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels172/cgroup.procs
cd $R; mkdir -p logs reruns pp
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r172-$1.darshan;; lab:W) echo $R/reruns/r172-labels172-tw-$1.darshan;;
	*:W) echo $R/reruns/r172-labels172-$PASS-tw-$1.darshan;; *) echo $R/reruns/r172-labels172-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# cold: unmount and remount the sync mount so that its files are read from the (throttled) device, not the page cache
cold() { sync; umount $T && mount -o sync $(cat /tmp/labels172/loopdev1) $T; }
# prep (not logged): 3 UPF-like pseudopotential text files (266, 355, 444 KiB) on the sync mount, read by every rank
[ -f $T/pp/H.pbe-rrkjus.UPF ] || { mkdir -p $T/pp; ./app172 gen $T/pp; }
# and (for post) the outputs of a wfc run: 7 direct-access wfc files of 2 MiB and a 2 MiB charge-density.dat
[ -f $T/post/wfc7.dat ] || { mkdir -p $T/post; COMPUTE=1 mpirun --allow-run-as-root --oversubscribe -np 4 -x COMPUTE ./app172 wfc $T/post $T/pp 1 7 32 4096; }
sync
# fine (throttled sync mount): PWscf-like SCF at 4 ranks: every rank reads the 3 pseudopotentials once (formatted,
# list-directed); 8 SCF iterations; after each the 80^3 charge density (4096000 B) is written with
# MPI_File_write_at_all to one restart file (overwritten); rank 0 writes a formatted scf.out (4 lines an iteration)
only scf && { cold; fresh $T/scf; COMPUTE=80 DXT=1 mpi scf L 4 ./app172 scf $T/scf $T/pp 8 80; }
# fine (throttled sync mount): 7 k-points round-robin over 4 ranks (2/2/2/1), 6 SCF iterations of per-k compute;
# at the end each rank writes one direct-access unformatted wfc file per k-point (32 records of one band, 64 KiB each);
# rank 0 reduces the 64^3 density and writes charge-density.dat (unformatted sequential, 2 MiB) and scf.out
only wfc && { fresh $T/wfc; COMPUTE=40 DXT=1 mpi wfc L 4 ./app172 wfc $T/wfc $T/pp 6 7 32 4096; }
# fine (throttled sync mount, read cold after a remount): projwfc-like post-processing at 4 ranks: every rank reads
# the 3 pseudopotentials and the whole 2 MiB charge-density.dat (each needs all of it), then the direct-access wfc
# files of its k-points (2/2/2/1 of 7) record by record (64 KiB), with compute per band; rank 0 writes projwfc.out
only post && { cold; COMPUTE=4 DXT=1 mpi post L 4 ./app172 post $T/post $T/pp 7 32 4096; rm -f $T/post/projwfc.out; }
# problem (throttled, NOT sync-mounted): per-SCF-iteration restart, each rank rewrites its 2 k-points' wfc files
# (unformatted sequential, 16 band records of 16 KiB) every iteration, flush + fsync after every record
# (6 x 2 x 16 = 192 fsyncs a rank); twin: one flush + fsync a file (after its last record)
only rst && { fresh $T2/rst; COMPUTE=30 DXT=1 mpi rst L 4 ./app172 rst $T2/rst 6 8 16 1024 rec;
	fresh $T2/rst; COMPUTE=30 DXT=1 mpi rst-filesync W 4 ./app172 rst $T2/rst 6 8 16 1024 file; }
# problem (throttled sync mount): every rank writes its own output log by open(position='append') / write / close
# for every line, 150 lines an iteration x 8 iterations = 1200 opens a rank; twin: the unit stays open
only log && { fresh $T/log; COMPUTE=30 DXT=1 mpi log L 4 ./app172 log $T/log 8 150 reopen;
	fresh $T/log; COMPUTE=30 DXT=1 mpi log-keep W 4 ./app172 log $T/log 8 150 keep; }
# problem (throttled sync mount): after each of 6 SCF iterations rank 0 gathers the 40^3 density and rewrites it as a
# formatted text CHGCAR (12801 lines, 1.16 MB), which gfortran's default formatted buffer writes ~4 KiB at a time;
# twin: the same file with GFORTRAN_FORMATTED_BUFFER_SIZE=1048576 (same program, same text, 1 MiB requests)
only rhofmt && { fresh $T/rho; COMPUTE=40 DXT=1 mpi rhofmt L 4 ./app172 rhofmt $T/rho 6 40;
	fresh $T/rho; COMPUTE=40 DXT=1 mpi rhofmt-buf1m W 4 -x GFORTRAN_FORMATTED_BUFFER_SIZE=1048576 ./app172 rhofmt $T/rho 6 40; }
ls -l logs reruns | tail -3
