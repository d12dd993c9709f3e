#!/bin/sh
# The labelled runs of round 16 under Darshan 3.5.0 (round 14's runtime /tmp/labels14/darshan-rt: POSIX, MPI-IO,
# STDIO, DXT, HEATMAP; no HDF5 module), as rounds 4-15: mpirun -x LD_PRELOAD=libdarshan.so, or LD_PRELOAD with
# DARSHAN_ENABLE_NONMPI=1. Tools that fork (rsync, git) log one file a process in $DIR/PROG/ (DARSHAN_LOGPATH).
cd /tmp/labels16/run
DIR=${DIR:-logs} SFX=${SFX:-}
mkdir -p out $DIR
RT=/tmp/labels14/darshan-rt/lib/libdarshan.so
CONF=/tmp/labels16/run/src/darshan-big.conf
S=/tmp/labels16/run/src
mpi() { name=$1 np=$2; shift 2; echo "== $name$SFX (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 -np $np \
		-x LD_PRELOAD=$RT -x DARSHAN_CONFIG_PATH=$CONF \
		-x DARSHAN_LOGFILE=/tmp/labels16/run/$DIR/r16-$name$SFX.darshan "$@"; echo "rc=$?"; }
ser() { name=$1; shift; echo "== $name$SFX: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=$RT DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$CONF \
		DARSHAN_LOGFILE=/tmp/labels16/run/$DIR/r16-$name$SFX.darshan "$@"; echo "rc=$?"; }
multi() { name=$1; shift; echo "== $name$SFX: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	rm -rf $DIR/$name$SFX; mkdir -p $DIR/$name$SFX
	/usr/bin/time -f "$name: %e s" env LD_PRELOAD=$RT DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$CONF \
		DARSHAN_LOGPATH=/tmp/labels16/run/$DIR/$name$SFX "$@"; echo "rc=$?"; }
drop() { for f in "$@"; do $S/ser16 dontneed $f; done; }
only() { [ -z "$ONLY" ] || echo " $ONLY " | grep -q " $1 "; }

only subagg && { rm -rf out/sa; mkdir -p out/sa; mpi subagg 4 $S/par16 subagg out/sa 64; }
only direct && { rm -rf out/sd; mkdir -p out/sd; mpi direct 4 $S/par16 direct out/sd 64; }
only readall16 && { drop in/in64.dat; mpi readall16 16 $S/par16 readall in/in64.dat; }
only readbcast16 && { drop in/in64.dat; mpi readbcast16 16 $S/par16 readbcast in/in64.dat; }
only bg-thread && { rm -f out/bg.dat; ser bg-thread $S/ser16 bg out/bg.dat 256 3; }
only fg-write && { rm -f out/fg.dat; ser fg-write $S/ser16 fg out/fg.dat 256 3; }
only fdsync-each && { rm -f out/fd.dat; ser fdsync-each $S/ser16 fdeach out/fd.dat 32; }
only fdsync-end && { rm -f out/fd.dat; ser fdsync-end $S/ser16 fdend out/fd.dat 32; }
only writev && { rm -f out/wv.dat; ser writev $S/ser16 writev out/wv.dat 256; }
only write4k && { rm -f out/wv.dat; ser write4k $S/ser16 write4k out/wv.dat 256; }
only write1m && { rm -f out/wv.dat; ser write1m $S/ser16 write1m out/wv.dat 256; }
only np-saveload && { rm -f out/a.npy; ser np-saveload /usr/bin/python3 $S/py16.py saveload out/a.npy; }
only np-savetxt && { rm -f out/a.csv; ser np-savetxt /usr/bin/python3 $S/py16.py savetxt out/a.csv; }
only np-savebin && { rm -f out/b.npy; ser np-savebin /usr/bin/python3 $S/py16.py savebin out/b.npy; }
only sha256sum && { drop in/in512.dat; ser sha256sum sha256sum in/in512.dat; }
only rsync && { rm -rf out/rs; multi rsync rsync -a in/tree/ out/rs/; }
only cp-a && { rm -rf out/cp; multi cp-a cp -a in/tree out/cp; }
only git-clone && { rm -rf out/clone; multi git-clone git clone -q --no-hardlinks in/repo out/clone; }
