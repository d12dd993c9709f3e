#!/bin/sh
# Round 79's runs: src/mp79.py under the real Darshan 3.5.0 runtime (non-MPI mode, one log per process).
# LOGS=dir PFX=name prefix ONLY="names". Local disk: /tmp/labels79/loc; throttled (throttle.sh): /tmp/labels79/mnt.
# Keeps the parent's log and the first Pool worker's log (lowest pid); drops the resource tracker's (no I/O).
R=/tmp/labels79; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; P=/tmp/darshan-inst/bin/darshan-parser
LOGS=${LOGS:-$R/logs}; PFX=${PFX:-r79-}
echo $$ > /sys/fs/cgroup/blkio/labels79/cgroup.procs
mkdir -p $LOGS $R/loc
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
run() { name=$1 dir=$2; shift 2; t=$R/tmplog.$name; rm -rf $t $dir; mkdir -p $t
	echo "== $name ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $*"
	s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGPATH=$t ${DXT:+DXT_ENABLE_IO_TRACE=1} \
		/usr/bin/python3 $R/src/mp79.py "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"
	w=0; for f in $(ls $t | sort -t_ -k3 -V); do exe=$($P $t/$f | sed -n 's/^# exe: //p')
		case "$exe" in *resource_tracker*) ;; *spawn_main*) [ $w = 0 ] && cp $t/$f $LOGS/$PFX$name-w0.darshan; w=1;;
		*) cp $t/$f $LOGS/$PFX$name.darshan;; esac; done; rm -rf $t; }
L=$R/loc; M=$R/mnt
only pool    && DXT=1 run pool $L/pool pool $L/pool
only memo    && DXT=1 run memo $L/memo memo $L/memo
only memmap  && DXT=1 run memmap $M/memmap memmap $M/memmap
only tmpx-A  && DXT=1 run tmpx-A $L/tmpx tmpx $L/tmpx A
only tmpx-B  && DXT=1 run tmpx-B $L/tmpx tmpx $L/tmpx B
only storm-A && run storm-A $M/storm storm $M/storm A
only storm-B && run storm-B $M/storm storm $M/storm B
ls -l $LOGS
