#!/bin/bash
# Round 128's runs (labels128): coupled Earth-system models (esm128.c: atm/ocn/lnd/ice as MPI groups). Real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs
# (logs/r128-NAME) and each problem's twin (reruns/r128-labels128-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r128-labels128-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio cgroup
# labels128 (only the loop device is limited).
R=/tmp/labels128/run; S=/tmp/labels128/src; T=/tmp/labels128/mnt; X=/tmp/labels128/esm128
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels128/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r128-$1.darshan;; lab:W) echo $R/reruns/r128-labels128-tw-$1.darshan;;
	*:W) echo $R/reruns/r128-labels128-$PASS-tw-$1.darshan;; *) echo $R/reruns/r128-labels128-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# a case directory: the driver namelist drv_in (read by every rank) and one namelist per component
case_dir() { rm -rf $1; mkdir -p $1
	{ echo '&seq_timemgr_inparm'; for i in $(seq 1 60); do echo "  drv_opt_$i = .true."; done; echo '  restart_option = "nsteps"'; echo '/'; } > $1/drv_in
	for c in atm ocn lnd ice; do { echo "&${c}_inparm"; for i in $(seq 1 40); do echo "  ${c}_par_$i = $i.5d0"; done; echo '/'; } > $1/${c}_in; done; }
sync
# fine (local): 8 ranks (2 a component), 400 coupling steps of 40 ms, stdio logs by each component's root, history
# kept open by rank 0, restarts (8 MiB a component, one collective write a rank) every 100 steps
only run && { case_dir c/run; DXT=1 mpi run L 8 $X run c/run 400 40 100 8 none; }
# fine (local): 8 ranks restart: each component reads its 8 MiB restart back collectively, 400 more steps
only restart && { [ -f c/run/atm.r.0400 ] || { case_dir c/run; $X run c/run 1 1 1 8 none; for c in atm ocn lnd ice; do cp c/run/$c.r.0001 c/run/$c.r.0400; done; }
	for c in atm ocn lnd ice; do cp c/run/$c.r.0400 c/run/$c.r.0000; done; DXT=1 mpi restart L 8 $X restart c/run 400 40 200 8 none; }
# fine (throttled sync mount): 4 ranks (1 a component), 300 steps of 50 ms, 16 MiB restarts every 150 steps
only smallcase && { case_dir $T/c/sm; DXT=1 mpi smallcase L 4 $X run $T/c/sm 300 50 150 16 none; }
# problem (throttled sync mount): restarts (16 MiB a component) in 4 KiB independent writes; twin: one collective write (no DXT: 16384 writes)
only rstsmall && { case_dir $T/c/rs; mpi rstsmall L 4 $X run $T/c/rs 200 50 100 16 rstsmall
	case_dir $T/c/rs; mpi rstsmall-coll W 4 $X run $T/c/rs 200 50 100 16 none; }
# problem (local): each component's root write(2)s and fsyncs its log line every step; twin: stdio, no fsync
only logfsync && { case_dir c/lf; DXT=1 mpi logfsync L 8 $X run c/lf 600 20 300 4 logfsync
	case_dir c/lf; DXT=1 mpi logfsync-stdio W 8 $X run c/lf 600 20 300 4 none; }
# problem (throttled sync mount): rank 0 opens, appends a 256-B record to and closes the coupler history every step
# (1500 steps); twin: the history kept open
only hisreopen && { case_dir $T/c/hr; DXT=1 mpi hisreopen L 4 $X run $T/c/hr 1500 5 750 4 hisreopen
	case_dir $T/c/hr; DXT=1 mpi hisreopen-open W 4 $X run $T/c/hr 1500 5 750 4 none; }
ls -l logs reruns | tail -3
