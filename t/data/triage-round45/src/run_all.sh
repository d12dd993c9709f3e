#!/bin/sh
# Round 45's runs: irregular access (src/app45.c, src/ooc45.f90, sqlite3) under the real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is). LOGS=dir PFX=name prefix ONLY="names".
# Jobs marked T run on the throttled loop device (src/throttle.sh up): this script joins the cgroup
# labels45 first, so mpirun and the ranks inherit it; their inputs are dropped from the page cache first.
R=/tmp/labels45/run; A=$R/app45; F=$R/ooc45; S=/tmp/labels45/src; M=/tmp/labels45/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r45-}
cd $R; mkdir -p out $LOGS $M/out
echo $$ > /sys/fs/cgroup/blkio/labels45/cgroup.procs
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
cold() { $S/dropcache.py "$@"; }
# local disk
only csr-spmv     && { rm -f out/y.bin; mpi csr-spmv 4 $A spmv in/csr.bin ${SPMV_IT:-40} out/y.bin; }
only ftn-ooc      && { mpi ftn-ooc 2 $F 16 ${OOC_REPS:-20} out/ooc; }
only shuffle-tiny && { rm -rf out/sh; mkdir -p out/sh; mpi shuffle-tiny 4 $A shuffle out/sh ${SH_N:-400000} 16 tiny ${SH_REPS:-100}; }
only shuffle-buf  && { rm -rf out/sh; mkdir -p out/sh; mpi shuffle-buf 4 $A shuffle out/sh ${SH_N:-400000} 16 buf ${SH_REPS:-100}; }
only part-rmw     && { cp in/part.bin out/part.bin; mpi part-rmw 4 $A part out/part.bin 1048576 ${PT_N:-50000} 10 rmw ${PT_REPS:-20}; }
only part-mem     && { cp in/part.bin out/part.bin; mpi part-mem 4 $A part out/part.bin 1048576 ${PT_N:-50000} 10 mem ${PT_REPS:-20}; }
only part-sorted  && { cp in/part.bin out/part.bin; mpi part-sorted 4 $A part out/part.bin 1048576 ${PT_N:-50000} 10 sorted ${PT_REPS:-20}; }
only sample-sort  && { rm -f out/sorted.bin; mpi sample-sort 8 $A ssort in/keys.bin out/sorted.bin; }
only ssort-indep  && { rm -f out/sorted.bin; mpi ssort-indep 8 $A ssort in/keys.bin out/sorted.bin indep; }
only stdio-seek   && { mpi stdio-seek 2 $A lookup in/table.bin ${LK_N:-1000000} seek ${LK_REPS:-10}; }
only stdio-load   && { mpi stdio-load 2 $A lookup in/table.bin ${LK_N:-1000000} load ${LK_REPS:-10}; }
only idx-reopen   && { mpi idx-reopen 4 $A lookup in/table.bin ${RO_N:-400000} reopen ${LK_REPS:-10}; }
only idx-keep     && { mpi idx-keep 4 $A lookup in/table.bin ${RO_N:-400000} pread ${LK_REPS:-10}; }
# sqlite3: 500000 random primary-key lookups (keys made inside SQL) with a 256 MiB page cache (the 196 MiB
# database fits); sqlite-sorted is the same lookups in key order (its twin)
sq() { hdr "$1: sqlite3 in/table.db < $2"
	env LD_PRELOAD=$DL DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$R/$LOGS/$PFX$1.darshan \
		DARSHAN_ENABLE_NONMPI=1 sqlite3 in/table.db < $2; echo "   rc=$? end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only sqlite-lookup && sq sqlite-lookup $S/sq-lookup.sql
only sqlite-sorted && sq sqlite-sorted $S/sq-sorted.sql
# throttled loop device (T)
only graph-rand   && { cold $M/in/graph.bin; DXT=1 mpi graph-rand 4 $A graph $M/in/graph.bin ${GR_SEEDS:-400} ${GR_REPS:-2000} rand; }
only graph-sorted && { cold $M/in/graph.bin; DXT=1 mpi graph-sorted 4 $A graph $M/in/graph.bin ${GR_SEEDS:-400} ${GR_REPS:-2000} sorted; }
only bcyc-indep   && { cold $M/in/mat.bin; mpi bcyc-indep 4 $A bcyc $M/in/mat.bin 2048 64 indep ${BC_IT:-1000}; }
only bcyc-view    && { cold $M/in/mat.bin; mpi bcyc-view 4 $A bcyc $M/in/mat.bin 2048 64 view ${BC_IT:-1000}; }
only hash-skew    && { cold $M/in/skew.*; mpi hash-skew 4 $A buckets $M/in/skew 8 ${HB_REPS:-100}; }
only hash-good    && { cold $M/in/good.*; mpi hash-good 4 $A buckets $M/in/good 8 ${HB_REPS:-100}; }
ls -l $LOGS
