#!/bin/bash
# Round 150's runs (labels150): radio astronomy: visibilities, gridding and imaging. Real Darshan 3.5.0 runtime
# /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf (copied from round 146). PASS=lab: labelled logs
# (logs/r150-NAME) and each problem's twin (reruns/r150-labels150-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r150-labels150-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels150 (only the loop device is limited). Adapted from round 146's run_all.sh.
R=/tmp/labels150/run; S=/tmp/labels150/src; T=/tmp/labels150/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels150/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r150-$1.darshan;; lab:W) echo $R/reruns/r150-labels150-tw-$1.darshan;;
	*:W) echo $R/reruns/r150-labels150-$PASS-tw-$1.darshan;; *) echo $R/reruns/r150-labels150-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
sync
# fine (local): 4 ranks, correlator ingest: 16 integrations, each rank pwrites its 4 MiB baseline block at
# (i*np+r)*4 MiB of one shared vis.dat (256 MiB), barrier per integration; rank 0 writes a 6-line text header
only ingest && { fresh j/v; COMPUTE=4000 DXT=1 mpi ingest L 4 ./app150 ingest j/v 16 4096; }
# fine (local): 4 ranks grid ingest's vis.dat (each reads its 4 MiB blocks whole), rank 0 reads a 256-line gain
# table with fgets and broadcasts it; grids reduced to rank 0, which writes image.fits (2880-B header + 4 MiB) by fwrite
only grid && { [ -f j/v/vis.dat ] || ./app150 ingest j/v 16 4096; printf '%d %.4f\n' $(for a in $(seq 0 255); do echo $a 1.$a; done) > j/v/cal.txt
	COMPUTE=15000 DXT=1 mpi grid L 4 ./app150 grid j/v; }
# fine (local): 4 ranks image 64 spectral channels and write one FITS file per channel (2880-B header + 256 KiB)
only cube && { fresh j/c; COMPUTE=12000 DXT=1 mpi cube L 4 ./app150 cube j/c 64; }
# problem (local): 2 ranks (one subband each) append a 32 KiB visibility record per integration to their own file
# and fsync after every record (3000 integrations); twin: the same records, one fsync at the end
only corr && { fresh j/co; COMPUTE=1000 mpi corr L 2 ./app150 corr j/co 3000 32 fsync; fresh j/co; COMPUTE=1000 mpi corr-end W 2 ./app150 corr j/co 3000 32 end; }
# problem (throttled sync mount): 2 ranks grid a 24 MiB visibility file not in the page cache (prep: mkvis, not
# logged), reading 4 KiB records with pread in uv-cell order (random); twin: 4 MiB reads in file order
only uvgrid && { fresh $T/u; ./app150 mkvis $T/u/vis.dat 24; mpi uvgrid L 2 ./app150 uvgrid $T/u/vis.dat rand
	./app150 mkvis $T/u/vis.dat 24; mpi uvgrid-seq W 2 ./app150 uvgrid $T/u/vis.dat seq; }
ls -l logs reruns | tail -3
