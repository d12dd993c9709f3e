#!/bin/bash
# Round 39's runs: real IOR / mdtest (hpc/ior 5fcf0ba, built in /tmp/labels39/ior) under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is) on THROTTLED storage: /tmp/labels39/mnt (ext4 on a loop device,
# mounted -o sync) and /tmp/labels39/mntwb (ext4 on a loop device, write-back), both limited by the blkio cgroup
# labels39 (src/throttle.sh). This shell joins the cgroup; mpirun and every rank inherit it.
# Before each run both file systems are unmounted and mounted again: every run starts with a cold cache.
# LOGS=dir PFX=name prefix ONLY="names" (default: all, in this order).
R=/tmp/labels39/run; IOR=/tmp/labels39/ior/src/ior; MDT=/tmp/labels39/ior/src/mdtest
S=/tmp/labels39/mnt; W=/tmp/labels39/mntwb
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r39-}
echo $$ > /sys/fs/cgroup/blkio/labels39/cgroup.procs
cd $R; mkdir -p $LOGS
MR="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels39/loopdev) $S && umount $W && mount $(cat /tmp/labels39/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
t0() { s=$(date +%s.%N); }
t1() { echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s rc=$1"; }
# mpi NAME NP PROG ARGS: one run under Darshan (DXT=1: DXT tracing on); IOR's or mdtest's output in $LOGS/NAME.out
mpi() { name=$1 np=$2; shift 2; cold; hdr "$name np $np: $*"; t0
	$MR -np $np -x LD_PRELOAD=$DL -x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@" >$R/$LOGS/$PFX$name.out 2>&1
	t1 $?; grep -E '^(write|read) ' $R/$LOGS/$PFX$name.out | awk '{print "   ior", $1, "MiB/s", $2, "total_s", $10}'
	grep -E '^ +File (creation|stat|read|removal)' $R/$LOGS/$PFX$name.out | sed 's/^ */   /'; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
mkdir -p $S/out $W/out
# file per process, 16 MiB a rank in 1 MiB, fsync at close, read back by the neighbour (-C)
only fpp-1m     && { rm -f $S/out/fpp*; DXT=1 mpi fpp-1m 4 $IOR -a POSIX -F -t 1m -b 16m -w -r -e -C -i 1 -o $S/out/fpp; }
# one shared file, 2 MiB a rank in 4 KiB writes then reads; its twin in 1 MiB
only ssf-4k     && { rm -f $S/out/ssf*; mpi ssf-4k 4 $IOR -a POSIX -t 4k -b 2m -w -r -i 1 -o $S/out/ssf4k; }
only ssf-1m     && { rm -f $S/out/ssf*; DXT=1 mpi ssf-1m 4 $IOR -a POSIX -t 1m -b 2m -w -r -i 1 -o $S/out/ssf1m; }
# MPI-IO, one shared file, 64 KiB calls: independent, and collective (-c)
only mpiio-indep-64k && { rm -f $S/out/mi*; DXT=1 mpi mpiio-indep-64k 4 $IOR -a MPIIO -t 64k -b 16m -w -r -i 1 -o $S/out/mi64k; }
only mpiio-coll-64k  && { rm -f $S/out/mc*; DXT=1 mpi mpiio-coll-64k 4 $IOR -a MPIIO -c -t 64k -b 16m -w -r -i 1 -o $S/out/mc64k; }
# collective, one 16 MiB call a rank each way, reordered reads
only mpiio-coll-16m  && { rm -f $S/out/mc*; DXT=1 mpi mpiio-coll-16m 4 $IOR -a MPIIO -c -t 16m -b 16m -w -r -C -i 1 -o $S/out/mc16m; }
# fsync after every 64 KiB write (write-back mount), and its twin with one fsync at close (-e)
only fsync-each && { rm -f $W/out/fsy*; DXT=1 mpi fsync-each 2 $IOR -a POSIX -Y -t 64k -b 16m -w -i 1 -o $W/out/fsy; }
only fsync-end  && { rm -f $W/out/fsy*; DXT=1 mpi fsync-end 2 $IOR -a POSIX -e -t 64k -b 16m -w -i 1 -o $W/out/fsy; }
# O_DIRECT 4 KiB writes and reads (write-back mount), and its twin in 1 MiB
only direct-4k  && { rm -f $W/out/dir*; DXT=1 mpi direct-4k 2 $IOR -a POSIX --posix.odirect -t 4k -b 2m -w -r -i 1 -o $W/out/dir4k; }
only direct-1m  && { rm -f $W/out/dir*; DXT=1 mpi direct-1m 2 $IOR -a POSIX --posix.odirect -t 1m -b 2m -w -r -i 1 -o $W/out/dir1m; }
# read only: 4 KiB reads at shuffled offsets (-z) of a cold 16 MiB shared file written beforehand without Darshan;
# its twin reads the same file in 1 MiB at shuffled offsets
RIN="-b 4m -i 1 -o $W/out/rand.in"
prep_rand() { [ -f $W/out/rand.in ] || $MR -np 4 $IOR -a POSIX -t 1m -w -k $RIN >/dev/null; }
only rand-4k    && { prep_rand; DXT=1 mpi rand-4k 4 $IOR -a POSIX -z -t 4k -r -k $RIN; }
only rand-1m    && { prep_rand; DXT=1 mpi rand-1m 4 $IOR -a POSIX -z -t 1m -r -k $RIN; }
# strided: 512 segments of 16 KiB a rank interleaved in one shared file (-s), POSIX; its twin through collective MPI-IO
only strided-16k && { rm -f $S/out/str*; mpi strided-16k 4 $IOR -a POSIX -s ${SEG:-512} -t 16k -b 16k -w -r -i 1 -o $S/out/str; }
only strided-coll && { rm -f $S/out/str*; mpi strided-coll 4 $IOR -a MPIIO -c -s ${SEG:-512} -t 16k -b 16k -w -r -i 1 -o $S/out/str; }
# parallel HDF5 (MPI-IO driver), one shared file, 1 MiB transfers: independent, and collective (-c)
only h5-indep   && { rm -f $S/out/h5*; DXT=1 mpi h5-indep 4 $IOR -a HDF5 -t 1m -b 8m -w -r -i 1 -o $S/out/h5i; }
only h5-coll    && { rm -f $S/out/h5*; DXT=1 mpi h5-coll 4 $IOR -a HDF5 -c -t 1m -b 8m -w -r -i 1 -o $S/out/h5c; }
# write only, file per process, one 16 MiB write a rank, fsync at close
only wonly-16m  && { rm -f $S/out/wo*; DXT=1 mpi wonly-16m 4 $IOR -a POSIX -F -t 16m -b 16m -w -e -i 1 -o $S/out/wo; }
# rank-0-only I/O as IOR -N 1 makes it (one task of 4 writes and reads 32 MiB, fsync at close); its twin spreads
# the same 32 MiB over the 4 ranks of one shared file
only n1-32m     && { rm -f $S/out/n1*; DXT=1 mpi n1-32m 4 $IOR -a POSIX -N 1 -t 1m -b 32m -w -r -e -i 1 -o $S/out/n1; }
only n4-8m      && { rm -f $S/out/n4*; DXT=1 mpi n4-8m 4 $IOR -a POSIX -N 4 -t 1m -b 8m -w -r -e -i 1 -o $S/out/n4; }
# mdtest: files of 4096 B written, stat'ed, read, removed; a directory a rank (-u), and a small count in one directory
only mdtest-1000u && { rm -rf $S/out/md*; mpi mdtest-1000u 4 $MDT -F -u -n ${MDN:-250} -w 4096 -e 4096 -i 1 -d $S/out/mdu; }
only mdtest-100 && { rm -rf $S/out/md*; mpi mdtest-100 4 $MDT -F -n 25 -w 4096 -e 4096 -i 1 -d $S/out/mds; }
only mdtest-400 && { rm -rf $S/out/md*; mpi mdtest-400 4 $MDT -F -n 100 -w 4096 -e 4096 -i 1 -d $S/out/mds; }
ls -l $LOGS | grep darshan | awk '{print "   ", $5, $9}'
