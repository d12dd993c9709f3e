#!/bin/bash
# Round 47's runs: each program under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is),
# alone or beside a neighbour (nb47: stream, meta, read; not traced) on the same device: local = the VM's
# ext4 on /dev/vda (in/, out/ under /tmp/labels47/run), loop = throttle.sh's -o sync loop device (mnt/).
# Before and after every run: the load, the device's /proc/diskstats line (reads, sectors read, writes,
# sectors written, ms doing I/O) and the neighbour's op count. LOGS=dir PFX=name prefix ONLY="names".
R=/tmp/labels47/run; M=/tmp/labels47/mnt; A=$R/app47; F=$R/ftn47; NB=$R/nb47
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CONF=$R/src/darshan-big.conf
LOGS=${LOGS:-logs}; PFX=${PFX:-r47-}
cd $R; mkdir -p out $LOGS nb $M/out $M/nb
echo $$ > /sys/fs/cgroup/blkio/labels47/cgroup.procs	# job and neighbour share the loop device's limits
only() { [ -z "$ONLY" ] || case " $(echo $ONLY) " in *" $1 "*) return 0;; *) return 1;; esac; }
dstat() { awk -v d=$1 '$3==d {printf "%s r %s rsec %s w %s wsec %s io_ms %s", d, $4, $6, $8, $10, $13}' /proc/diskstats; }
# run NAME DEV(local|loop) NEIGHBOUR(stream|meta|read|-) NP(0 = not MPI) CMD...
run() {
	name=$1 dev=$2 nbm=$3 np=$4; shift 4
	if [ $dev = loop ]; then dk=$(basename $(cat /tmp/labels47/loopdev)); nd=$M/nb; else dk=vda; nd=$R/nb; fi
	[ $nbm = read ] && $NB read $nd 0 >/dev/null	# the neighbour's input exists before the clock starts
	if [ $nbm != - ]; then $NB $nbm $nd 300 > $R/$LOGS/$PFX$name.nb & nbp=$!; sleep 2; fi
	echo "== $PFX$name np $np $dev nb $nbm ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg)): $*"
	echo "   before $(dstat $dk)"
	if [ $np = 0 ]; then
		if [ -n "$OUT" ]; then exec 3>$OUT; else exec 3>&1; fi	# (not > /dev/stdout: that truncated run1.out)
		env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$CONF ${DXT:+DXT_ENABLE_IO_TRACE=1} \
			DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan "$@" >&3; rc=$?; exec 3>&-; (exit $rc)
	else
		mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np \
			-x LD_PRELOAD=$DL -x DARSHAN_CONFIG_PATH=$CONF -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
			${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	fi
	echo "   rc=$? after $(dstat $dk) ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	if [ $nbm != - ]; then kill -INT $nbp; wait $nbp; echo "   $(cat $R/$LOGS/$PFX$name.nb 2>/dev/null)"; fi
	rm -f $R/nb/m* $M/nb/m* $R/nb/nbstream.dat $M/nb/nbstream.dat
}
# local disk (two thirds)
only ckpt-coll   && { rm -f out/ck.*; DXT=1 run ckpt-coll local stream 4 $A ckpt 1024 40 10 out/ck 20; }
only fsync-rec   && { rm -f out/jr.*; DXT=1 run fsync-rec local stream 4 $A fsync-rec 64 500 8 out/jr; }
only fsync-end   && { rm -f out/jr.*; DXT=1 run fsync-end local stream 4 $A fsync-end 64 500 8 out/jr; }
only slab-read   && run slab-read local meta 8 $A slab 128 60 20 in/slab.dat 4096
only mc-summary  && run mc-summary local - 4 $A mc 256 150 20 out/mc.txt
only coll-tiny   && { rm -f out/ct.dat; run coll-tiny local meta 4 $A colltiny 256 20 30 out/ct.dat 250; }
only coll-batch  && { rm -f out/ct.dat; run coll-batch local meta 4 $A collbatch 256 20 30 out/ct.dat 250; }
only ftn-fpp     && { rm -f out/ff.*; DXT=1 run ftn-fpp local read 2 $F fpp 1024 120 10 out/ff; }
only ftn-reread  && DXT=1 run ftn-reread local read 2 $F reread 256 80 10 in/table.dat
only ftn-readonce && DXT=1 run ftn-readonce local read 2 $F readonce 256 80 10 in/table.dat
only cut-cols    && OUT=out/cut.tsv run cut-cols local stream 0 cut -f 2,6 in/big.tsv
only awk-fflush  && run awk-fflush local - 0 awk '{print $1, $2*2, $4 % 97 > "out/awk.txt"; fflush("out/awk.txt")}' in/mid.tsv
only awk-noflush && run awk-noflush local - 0 awk '{print $1, $2*2, $4 % 97 > "out/awk.txt"}' in/mid.tsv
# the throttled loop device (a third)
only restart-rd  && { bash $R/src/throttle.sh remount; DXT=1 run restart-rd loop read 4 $A restart 1024 40 10 $M/in/restart.ckpt; }
only fpp-1m      && { rm -f $M/out/fpp.*; DXT=1 run fpp-1m loop stream 2 $A fpp 1536 60 10 $M/out/fpp 1048576; }
only ftn-cfg     && run ftn-cfg loop - 4 $F cfg 1024 80 10 $M/in/cfg.in
only sync-2k     && { rm -f $M/out/sm.*; DXT=1 run sync-2k loop meta 2 $A small 128 100 10 $M/out/sm 2048; }
only sync-1m     && { rm -f $M/out/sm.*; DXT=1 run sync-1m loop meta 2 $A small 128 100 10 $M/out/sm 1048576; }
only state-every && { rm -f $M/out/st.*; DXT=1 run state-every loop stream 4 $A state 128 50 40 $M/out/st 1; }
only state-10    && { rm -f $M/out/st.*; DXT=1 run state-10 loop stream 4 $A state 128 50 40 $M/out/st 10; }
ls -l $LOGS | grep "$PFX"
