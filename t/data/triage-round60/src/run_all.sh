#!/bin/bash
# Round 60's runs: an ordinary day's jobs under the real Darshan 3.5.0 runtime (/tmp/labels14/darshan-rt,
# used as it is). LOGS=dir PFX=name prefix ONLY="names". Throttled storage: src/throttle.sh up first.
R=/tmp/labels60/run; A=$R/app60; M=/tmp/labels60/mnt; PY=/usr/bin/python3
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r60-}
echo $$ > /sys/fs/cgroup/blkio/labels60/cgroup.procs
cd $R; mkdir -p out $LOGS $M/out
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$? end $(date -u +%T)"; }
ser() { name=$1; shift; hdr "$name: $*"; rm -f $R/$LOGS/$PFX$name.darshan; s0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s0" | bc) s end $(date -u +%T)"; }
cold() { dd if=$1 iflag=nocache count=0 status=none; }  # drop the file's page cache: a cold read
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# local disk
only sim-coll    && { rm -f out/sim.*; DXT=1 mpi sim-coll 4 $A sim 512 300 20 75 out/sim; }
only sim-restart && { [ -f out/sim.4 ] || mpirun --allow-run-as-root --oversubscribe -np 4 $A sim 512 300 20 75 out/sim >/dev/null; DXT=1 mpi sim-restart 4 $A restart 512 300 20 out/sim.4; }
only f90-model   && { mpi f90-model 2 $R/model60 1048576 6000; }
only ens         && { rm -f out/ens.*; mpi ens 8 $A ens 128 400 40 in/params.in out/ens; }
only quiet       && { mpi quiet 8 $A quiet 128 400 40 in/cfg.in; }
only sh-gzip     && { rm -f out/big.csv.gz; cp in/big2.csv out/big.csv; ser sh-gzip gzip -6 -k -f out/big.csv; }
only sh-sort     && { ser sh-sort sort --parallel=1 -t, -k2,2g -o out/sorted.csv in/big2.csv; }
only tinyread    && { mpi tinyread 1 $A tinyread 256 2000 10 in/raw.bin 16; }
only tinyread-B  && { mpi tinyread-B 1 $A tinyread 256 2000 10 in/raw.bin 1048576; }
# throttled loop device (sync mount)
only py-stats    && { cold $M/in/field.f64; DXT=1 ser py-stats $PY src/py60.py stats $M/in/field.f64 $M/out/hist.txt 60; }
only diag-flush  && { DXT=1 mpi diag-flush 4 $A diag 64 2500 8 $M/out/diag.log flush; }
only diag-B      && { DXT=1 mpi diag-B 4 $A diag 64 2500 8 $M/out/diag.log noflush; }
only mover       && { rm -f $M/out/stage.copy; cold $M/in/stage.bin; DXT=1 mpi mover 1 $A mover 256 200 10 $M/in/stage.bin $M/out/stage.copy 16384; }
only mover-B     && { rm -f $M/out/stage.copy; cold $M/in/stage.bin; DXT=1 mpi mover-B 1 $A mover 256 200 10 $M/in/stage.bin $M/out/stage.copy 4194304; }
only py-rows     && { DXT=1 ser py-rows $PY src/py60.py rows x $M/out/rows.txt reopen 1500; }
only py-rows-B   && { DXT=1 ser py-rows-B $PY src/py60.py rows x $M/out/rows.txt keep 1500; }
ls -l $LOGS
# inputs (local, made before the runs): in/cfg.in (3 lines, 34 B), in/params.in (3 lines, 15 B), in/raw.bin (32 MiB of
# /dev/urandom), in/table.csv (awk srand(60), 400000 lines `%08d,%.6f,ok|bad`, 8960072 B), in/big2.csv (table.csv x12)
