#!/bin/bash
# Round 93's runs (labels93): a batch job script's staging around the compute. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf; the real tools (tar, cp, gzip, dd) run under
# Darshan's non-MPI mode, each tool its own log, and an MPI solver in the middle. PASS=lab: labelled logs
# (logs/r93-NAME) and each problem's twin (reruns/r93-labels93-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r93-labels93-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels93 (only the loop device, the "shared mount" $T, is limited); $R/job is node-local scratch.
R=/tmp/labels93/run; S=/tmp/labels93/src; T=/tmp/labels93/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels93/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r93-$1.darshan;; lab:W) echo $R/reruns/r93-labels93-tw-$1.darshan;;
	*:W) echo $R/reruns/r93-labels93-$PASS-tw-$1.darshan;; *) echo $R/reruns/r93-labels93-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
# drop a file's pages from the page cache, so its next reads meet the throttled device
dropcache() { python3 -c 'import os,sys
for p in sys.argv[1:]:
    fd=os.open(p,os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED); os.close(fd)' "$@"; }
# the input bundle on the shared mount (made once, not logged): 3 small configs, a 16 MiB float64 calibration
# table, 200 mesh parts of 64 KiB
bundle() { [ -f $T/bundle/input.tar ] && return; rm -rf $R/mk; mkdir -p $R/mk/in/mesh $T/bundle
	printf 'nx = 262144\nsteps = 150\ndt = 0.02\n' > $R/mk/in/job.conf
	printf 'omega = 0.8\ntol = 1e-8\nmaxit = 150\n' > $R/mk/in/solver.conf
	printf 'parts = 200\nhalo = 2\n' > $R/mk/in/mesh.conf
	/usr/bin/python3 -c 'import numpy as np,sys; np.random.default_rng(93).random(2097152).tofile(sys.argv[1])' $R/mk/in/calib.bin
	for i in $(seq -w 1 200); do head -c 65536 /dev/urandom > $R/mk/in/mesh/part-$i.dat; done
	tar cf $T/bundle/input.tar -C $R/mk in; rm -rf $R/mk; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
bundle; sync
J=$R/job; rm -rf $J; mkdir -p $J
# fine: stage the input bundle (28.5 MiB, 204 files) from the shared mount to node-local scratch, tar's 10 KiB records
only untar && { dropcache $T/bundle/input.tar; one untar L tar xf $T/bundle/input.tar -C $J; }
[ -d $J/in ] || tar xf $T/bundle/input.tar -C $J
mkdir -p $J/out
# problem: 4-rank solver; every rank reads the 3 configs, 150 sweeps, a 2 MiB float64 field a rank (one fwrite), and
# 200 snapshot files of 2 KiB a rank (800 files on node-local scratch); twin: the same snapshots packed in one file a rank
only solver && { DXT=1 mpi solver L 4 ./solver93 $J 150 200; DXT=1 mpi solver-pack W 4 ./solver93 $J 150 200 pack; }
[ -f $J/out/field-0.bin ] || mpirun --allow-run-as-root --oversubscribe -np 4 ./solver93 $J 150 200
# fine: gzip (default level) the 4 fields on local scratch (one gzip for the 4 files)
only gzip && one gzip L gzip -f $J/out/field-0.bin $J/out/field-1.bin $J/out/field-2.bin $J/out/field-3.bin
# problem: the post-processor reloads the 16 MiB calibration table for each of the 800 snapshots; twin: loads it once
only post && { DXT=1 one post L /usr/bin/python3 $S/post93.py each $J/in/calib.bin $J/out/snap $J/out/summary.txt
	DXT=1 one post-once W /usr/bin/python3 $S/post93.py once $J/in/calib.bin $J/out/snap $J/out/summary.txt; }
[ -f $J/out/summary.txt ] || /usr/bin/python3 $S/post93.py once $J/in/calib.bin $J/out/snap $J/out/summary.txt
# fine: the job script lists the snapshot files newer than the job's config (find walks the 6 directories)
only find && one find L find $J/out/snap -type f -name 's*.txt' -newer $J/in/job.conf -fprint $J/copylist
# problem: copy the 800 snapshot files back to the shared (sync) mount one by one; twin: one tar file there
only cpback && { rm -rf $T/res; mkdir -p $T/res; sync; one cpback L cp -r $J/out/snap $T/res/
	rm -rf $T/res; mkdir -p $T/res; sync; one cpback-tar W tar cf $T/res/snap.tar -C $J/out snap; }
# problem: the results bundle (tar of snapshots + summary, made on local scratch) copied to the shared mount with
# dd's default 512-byte blocks; twin: bs=4M
tar cf $J/results.tar -C $J/out snap summary.txt
only ddback && { rm -rf $T/res; mkdir -p $T/res; sync; one ddback L dd if=$J/results.tar of=$T/res/results.tar status=none
	rm -rf $T/res; mkdir -p $T/res; sync; one ddback-bs4m W dd if=$J/results.tar of=$T/res/results.tar bs=4M status=none; }
rm -rf $T/res
ls -l logs reruns | tail -3
