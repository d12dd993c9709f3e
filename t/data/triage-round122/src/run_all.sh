#!/bin/bash
# Round 122's runs (labels122): a university centre's teaching and student-research queue (kinds drawn with seed 122).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled
# logs (logs/r122-NAME) and each problem's twin (reruns/r122-labels122-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r122-labels122-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels122 (only the loop device is limited).
R=/tmp/labels122/run; S=/tmp/labels122/src; T=/tmp/labels122/mnt; B=/tmp/labels122
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels122/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r122-$1.darshan;; lab:W) echo $R/reruns/r122-labels122-tw-$1.darshan;;
	*:W) echo $R/reruns/r122-labels122-$PASS-tw-$1.darshan;; *) echo $R/reruns/r122-labels122-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): serial Fortran Jacobi solver, namelist deck, residuals to stdout, one 8 MiB stream restart at the end
only cfd && { rm -rf j/cfd; mkdir -p j/cfd; printf '&run\n n = 1024\n iters = 400\n/\n' > j/cfd/deck.nml
	one cfd L $B/cfd122 j/cfd/deck.nml j/cfd/restart.bin; }
# fine (local): 4 ranks, 2x2 grid of 1024^2 doubles, two collective subarray snapshots of 32 MiB
only array && { rm -rf j/array; mkdir -p j/array; DXT=1 mpi array L 4 $B/array122 j/array 1024 10; }
# fine (local): serial Python sweep of 300 parameter pairs, one 3-line result file per run, then summary.csv
only sweep && { rm -rf j/sweep; mkdir -p j/sweep; one sweep L /usr/bin/python3 $S/sweep122.py j/sweep 300; }
# problem (local): Monte Carlo CSV, flush+fsync after every row (1500); twin: one fsync at the end
only mcfsync && { rm -rf j/mc; mkdir -p j/mc; DXT=1 one mcfsync L /usr/bin/python3 $S/mc122.py j/mc/samples.csv 1500 fsync
	rm -rf j/mc; mkdir -p j/mc; DXT=1 one mcfsync-end W /usr/bin/python3 $S/mc122.py j/mc/samples.csv 1500 end; }
# problem (throttled sync mount): 64 MiB series re-read once per band (8 passes, pages dropped after each);
# twin: each chunk read once for all bands (same FFT work)
only spectral && { [ -f $T/sp/series.f32 ] || { mkdir -p $T/sp; /usr/bin/python3 $S/mkseries.py $T/sp/series.f32; }
	/usr/bin/python3 -c 'import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)' $T/sp/series.f32
	one spectral L /usr/bin/python3 $S/spectral122.py $T/sp/series.f32 perband
	/usr/bin/python3 -c 'import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)' $T/sp/series.f32
	one spectral-once W /usr/bin/python3 $S/spectral122.py $T/sp/series.f32 once; }
ls -l logs reruns | tail -3
