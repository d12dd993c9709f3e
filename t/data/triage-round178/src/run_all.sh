#!/bin/bash
# Round 178's runs (labels178): quantum chemistry codes (Gaussian/NWChem/ORCA-like): out-of-core integral files, .chk
# checkpoints, basis-set library reads, per-process scratch files, formatted output and property files.
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf (copied). Adapted
# from round 169's run_all.sh. PASS=lab: labelled logs (logs/r178-NAME) and each problem's twin
# (reruns/r178-labels178-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r178-labels178-PASS-NAME). Run as root after
# `throttle.sh up` (TWONLY=1: the twins only): this script puts itself in the blkio cgroup labels178 (only the loop device is limited).
R=/tmp/labels178/run; S=/tmp/labels178/src; T=/tmp/labels178/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels178/cgroup.procs
cd $R; mkdir -p logs reruns data j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r178-$1.darshan;; lab:W) echo $R/reruns/r178-labels178-tw-$1.darshan;;
	*:W) echo $R/reruns/r178-labels178-$PASS-tw-$1.darshan;; *) echo $R/reruns/r178-labels178-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; [ -n "$TWONLY" ] && [ $kind = L ] && return 0; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): a 400 KB basis-set library (text, local disk, as a site install)
[ -f data/basis.lib ] || ./app178 gen data/basis.lib 400
sync
# fine (local disk): conventional out-of-core SCF, 4 ranks: each rank writes its 12 MiB of two-electron integrals once
# (1 MiB writes) to its own scratch file and reads the file back whole every SCF cycle (8 cycles, 1 MiB reads); rank 0
# writes the formatted output (fprintf, 9 lines a cycle) and a 1 MiB .chk at the end
only scfooc && { fresh j/s; COMPUTE=300 mpi scfooc L 4 ./app178 scfooc j/s 8 12; }
# fine (throttled sync mount): 4 ranks each read the 400 KB basis library once (fgets), 8 SCF cycles with uneven
# compute (odd ranks 1.5x), every 2nd cycle the 8 MiB MO/density checkpoint written with MPI_File_write_at_all to one
# .chk (overwritten); rank 0 formatted output
only chkcoll && { fresh $T/c; COMPUTE=200 mpi chkcoll L 4 ./app178 chkcoll $T/c data/basis.lib 8 8; }
# problem (throttled sync mount): per-process scratch file storm: every rank creates one 8 KiB scratch file per integral
# batch (60 batches x 3 cycles), reads it back and unlinks it (720 files); twins: one scratch file a rank with the
# batches gathered in a buffer, one 480 KiB write and read a cycle (onebuf, the better way); one scratch file a rank
# with one 8 KiB pwrite/pread a batch (onefile, batch 1 only: not better, see runs.txt)
only scratch && { fresh $T/x; mpi scratch L 4 ./app178 scratch $T/x 3 60 8 file;
	fresh $T/x; mpi scratch-onebuf W 4 ./app178 scratch $T/x 3 60 8 onebuf; }
# problem (throttled sync mount): out-of-core integral file written in 2 KiB records (a tiny integral buffer, one
# write(2) each), 512 KiB a rank, read back in 2 KiB records in each of 5 cycles; twin: 512 KiB buffer (one write, one read a cycle)
only intsmall && { fresh $T/i; mpi intsmall L 4 ./app178 intsmall $T/i 5 512 2048;
	fresh $T/i; mpi intsmall-buf W 4 ./app178 intsmall $T/i 5 512 524288; }
# problem (local disk): geometry optimisation, 600 steps; rank 0 appends a ~1 KB property record a step (write) and
# fsyncs it each time; its output through fprintf; twin: one fsync at the end
only propfsync && { fresh j/p; COMPUTE=20 mpi propfsync L 4 ./app178 propfsync j/p 600 each;
	fresh j/p; COMPUTE=20 mpi propfsync-end W 4 ./app178 propfsync j/p 600 end; }
ls -l logs reruns | tail -3
