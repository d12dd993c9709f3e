#!/bin/bash
# Round 106's runs (labels106): lattice QCD and gauge-field I/O. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs (logs/r106-NAME) and each problem's twin
# (reruns/r106-labels106-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r106-labels106-PASS-NAME). Run as root after
# `throttle.sh up`: this script puts itself in the blkio cgroup labels106 (only the loop device is limited).
R=/tmp/labels106/run; S=/tmp/labels106/src; T=/tmp/labels106/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels106/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r106-$1.darshan;; lab:W) echo $R/reruns/r106-labels106-tw-$1.darshan;;
	*:W) echo $R/reruns/r106-labels106-$PASS-tw-$1.darshan;; *) echo $R/reruns/r106-labels106-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
plain() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none "$@" > /dev/null; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a job directory with a fresh gauge configuration (written without Darshan; not part of any log)
conf() { rm -rf $1; mkdir -p $1; plain -np $2 ./lq106 mkconf $1 $3 $4 0; }
sync
# fine (local): 4-rank HMC, 16^3x16 config (36 MiB) read collectively through a (t,z) subarray view, 200
# trajectories of compute, rank 0 appends a correlator line per measurement (fopen "a"/fprintf/fclose, 200 opens),
# the new config written collectively after rank 0's 512-B ILDG XML record
only hmc && { conf j/hmc 4 16 16; DXT=1 mpi hmc L 4 ./lq106 hmc j/hmc 16 16 200; }
# fine (local): 4-rank measurement, 8^3x16 config read independently through the same subarray view, 6 sources,
# a 18 MiB propagator per source written collectively (one file a source)
only meas && { conf j/meas 4 8 16; DXT=1 mpi meas L 4 ./lq106 meas j/meas 8 16 6; }
# fine (local): the same at 8 ranks (4x2 decomposition), 12 sources
only meas8 && { conf j/meas8 8 8 16; DXT=1 mpi meas8 L 8 ./lq106 meas j/meas8 8 16 12; }
# problem (throttled sync mount): propagators (8^3x8, 9 MiB, 2 sources) written one 2304-B site per independent
# MPI_File_write_at; twin: collectively through the subarray view
only propsite && { conf $T/ps 4 8 8; DXT=1 mpi propsite L 4 ./lq106 prop $T/ps 8 8 2 site
	conf $T/ps 4 8 8; DXT=1 mpi propsite-coll W 4 ./lq106 prop $T/ps 8 8 2 coll; }
# problem (throttled sync mount): 12^3x12 config (11.4 MiB) gathered to rank 0, written ILDG-like through stdio, one
# 576-B fwrite a site into the default 4 KiB buffer; twin: the same with an 8 MiB setvbuf buffer
only ildgstdio && { rm -rf $T/il; mkdir -p $T/il; DXT=1 mpi ildgstdio L 4 ./lq106 ildg $T/il 12 12 0
	rm -rf $T/il; mkdir -p $T/il; DXT=1 mpi ildgstdio-bigbuf W 4 ./lq106 ildg $T/il 12 12 1; }
ls -l logs reruns | tail -3
