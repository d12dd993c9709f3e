#!/bin/bash
# Round 143's runs (labels143): uncertainty quantification and ensembles of short simulations. Real Darshan 3.5.0
# runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled logs
# (logs/r143-NAME) and each problem's twin (reruns/r143-labels143-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r143-labels143-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself in the blkio
# cgroup labels143 (only the loop device is limited).
R=/tmp/labels143/run; S=/tmp/labels143/src; T=/tmp/labels143/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels143/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r143-$1.darshan;; lab:W) echo $R/reruns/r143-labels143-tw-$1.darshan;;
	*:W) echo $R/reruns/r143-labels143-$PASS-tw-$1.darshan;; *) echo $R/reruns/r143-labels143-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): 4 ranks run 200 members (50 each): each reads its params.txt line and the 32 KiB base.dat (stdio),
# 400 relaxation sweeps, a 16-line log and a result file (400 small files created)
only ens && { $S/mkens.sh $R/e/ens 200 >/dev/null; DXT=1 mpi ens L 4 $S/ens143 $R/e/ens 200 400 stdio files; }
# fine (local): serial numpy surrogate trainer reading the 200 results + params.txt, 15000 bootstrap fits
only surrogate && { [ -f $R/e/ens/out/m-0199.res ] || { $S/mkens.sh $R/e/ens 200 >/dev/null; $S/ens143 $R/e/ens 200 40 stdio files >/dev/null; }
	one surrogate L /usr/bin/python3 $S/sur143.py files $R/e/ens 200 15000; }
# fine (local): 8 ranks restart the 12 failed members of 200 (each reads its 1 MiB checkpoint first); ranks 4-7
# restart one member, ranks 0-3 two
only restart && { $S/mkens.sh $R/e/rs 200 12 >/dev/null; DXT=1 mpi restart L 8 $S/ens143 $R/e/rs 200 1600 stdio files restart; }
# problem (throttled sync mount): every member's log line is write(2)+fsync'd (200 x 16 = 3200 fsyncs);
# twin: the same log through stdio, no fsync
only ensfsync && { $S/mkens.sh $T/e/ef 200 >/dev/null; DXT=1 mpi ensfsync L 4 $S/ens143 $T/e/ef 200 400 fsync files
	$S/mkens.sh $T/e/ef 200 >/dev/null; DXT=1 mpi ensfsync-stdio W 4 $S/ens143 $T/e/ef 200 400 stdio files; }
# problem (local): the surrogate reads the gathered 200 x 8192 float64 QoI series (12.5 MiB) one 8-byte read() at a
# time on an unbuffered file (1.6 M reads); twin: one np.fromfile
only surbytes && { [ -f $R/e/sb/qoi.bin ] || $S/mkens.sh $R/e/sb 200 >/dev/null
	one surbytes L /usr/bin/python3 $S/sur143.py bytes $R/e/sb/qoi.bin 200 15000
	one surbytes-bulk W /usr/bin/python3 $S/sur143.py bulk $R/e/sb/qoi.bin 200 15000; }
ls -l logs reruns | tail -3
