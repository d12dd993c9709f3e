#!/bin/bash
# Round 97's runs (labels97): climate and weather post-processing. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf, local disk (/tmp, ext4), no throttle. PASS=lab: labelled logs
# (logs/r97-NAME) and each problem's twin (reruns/r97-labels97-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r97-labels97-PASS-NAME). Inputs: src/mkinputs.sh $R/in (run once, not under Darshan).
R=/tmp/labels97/run; S=/tmp/labels97/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns out
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r97-$1.darshan;; lab:W) echo $R/reruns/r97-labels97-tw-$1.darshan;;
	*:W) echo $R/reruns/r97-labels97-$PASS-tw-$1.darshan;; *) echo $R/reruns/r97-labels97-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine: serial concatenation of 12 monthly 8 MiB files into a 96 MiB time series (4 MiB reads and writes), stdio log line a month
only concat && { rm -f in/mon/ts.bin; one concat L $S/ser97 concat in/mon 12; }
# fine: numpy plot of the monthly climatology: np.fromfile of the 96 MiB series, a small PGM and CSV
only plot && { [ -f in/mon/ts.bin ] || $S/ser97 concat in/mon 12; one plot L /usr/bin/python3 $S/plot97.py in/mon/ts.bin; }
# fine: 4-rank ensemble mean over 8 members of 32 MiB (1 MiB independent reads of each rank's slab), collective write
only ensstat && { rm -f in/ens/ensmean.bin; mpi ensstat L 4 $S/mpi97 ensstat in/ens 8 32; }
# problem: extract one variable from 120 yearly files of interleaved records with a 32 B pread a record (2.4M reads);
# twin: the same records read in 1 MiB blocks, the variable picked out in memory
only extract && { one extract L $S/ser97 extract in/yr 120 small; one extract-blk W $S/ser97 extract in/yr 120 blk; }
# problem: 4-rank regridding re-reads the 16 MiB weights file on every rank every one of 40 steps; twin: read once
only regrid && { rm -f in/rg/regrid-out.bin; mpi regrid L 4 $S/mpi97 regrid in/rg 40 every
	rm -f in/rg/regrid-out.bin; mpi regrid-once W 4 $S/mpi97 regrid in/rg 40 once; }
ls -l logs reruns | tail -3
