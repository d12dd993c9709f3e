#!/bin/sh
# round 19's programs under Darshan 3.5.0 (labels14's runtime, POSIX MPI-IO STDIO DXT HEATMAP)
# usage: run_mpi.sh [DIR SUFFIX] -- labelled logs in logs/ (or reruns in DIR with SUFFIX)
cd /tmp/labels19/run
D=${1:-logs} S=${2:-}
mkdir -p out/nn out/many out/ck $D
RT=/tmp/labels14/darshan-rt/lib/libdarshan.so
run() { name=$1 np=$2; shift 2; echo "== $name$S (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$RT \
		-x DARSHAN_CONFIG_PATH=/tmp/labels19/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels19/run/$D/r19-$name$S.darshan "$@"; echo "rc=$?"; }
drop() { ./ser19 dontneed in/g.dat; }
M=1048576
coll64k() { rm -f out/c.dat; run coll-64k 4 ./par19 coll out/c.dat 65536 $((16*M)); }
coll4m() { rm -f out/c.dat; run coll-4m 4 ./par19 coll out/c.dat $((4*M)) $((16*M)); }
bc() { drop; run r0-bcast 4 ./par19 bcast in/g.dat $((16*M)) $((256*M)) 0; }
ar() { drop; run allread 4 ./par19 bcast in/g.dat $((16*M)) $((256*M)) 1; }
two() { drop; run twopass 4 ./par19 passes in/g.dat $((128*M)) $M 2; }
one() { drop; run onepass 4 ./par19 passes in/g.dat $((128*M)) $M 1; }
many() { rm -rf out/many; mkdir out/many; run many-1m 4 ./par19 many out/many 250 $M; rm -rf out/many; }
big() { rm -rf out/many; mkdir out/many; run few-250m 4 ./par19 many out/many 1 $((250*M)); rm -rf out/many; }
tr() { rm -rf out/ck; mkdir out/ck; run trunc-rewrite 4 ./par19 trunc out/ck $((64*M)) 3 0; }
ip() { rm -rf out/ck; mkdir out/ck; run inplace-rewrite 4 ./par19 trunc out/ck $((64*M)) 3 1; }
if [ -z "$S" ]; then
	coll64k; coll4m; bc; ar; two; one; many; big; tr; ip
	rm -rf out/nn; mkdir out/nn; run nn-256k 16 ./par19 nn out/nn $((256*1024)) $((4*M)); rm -rf out/nn
	rm -f out/x.dat; run excl-race 4 ./par19 excl out/x.dat 65536 256
else
	eval "$3"
fi
