#!/bin/bash
# Round 180's runs (labels180): a university cluster's ordinary day, job kinds drawn by lot (kinds.txt, draw.txt).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 169's darshan-big.conf. Adapted from
# round 169's run_all.sh. PASS=lab: labelled logs (logs/r180-NAME) and twins (reruns/r180-labels180-tw-TWIN);
# PASS=ab1|ab2: reruns (reruns/r180-labels180-PASS-NAME). Run as root after `throttle.sh up`: this script puts itself
# in the blkio cgroup labels180 (only /dev/loop180 is limited). ONLY="..." runs only the named jobs (twins: cfd-tw fastq-tw scf-tw).
R=/tmp/labels180/run; S=/tmp/labels180/src; T=/tmp/labels180/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels180/cgroup.procs
cd $R; mkdir -p logs reruns j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r180-$1.darshan;; lab:W) echo $R/reruns/r180-labels180-tw-$1.darshan;;
	*:W) echo $R/reruns/r180-labels180-$PASS-tw-$1.darshan;; *) echo $R/reruns/r180-labels180-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
end() { echo "   rc=$1 wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"; end $?; }
ser() { name=$1 kind=$2; shift 2; hdr "$name serial: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		DXT_ENABLE_IO_TRACE=1 "$@"; end $?; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): inputs on the shared (throttled) mount
mkdir -p $T/in
[ -f $T/in/conf.xyz ] || ./fastq180 gen-conf $T/in/conf.xyz 16384
[ -f $T/in/sample.fastq ] || ./fastq180 gen-fastq $T/in/sample.fastq 20000
[ -d $T/in/csv ] || python3 $S/prep180.py $T/in/csv 300 800
sync
# kind 1, MD (shared mount), 4 ranks: rank 0 reads the text config and broadcasts, gathers a float frame every 40
# steps and fwrites it to traj.bin, thermo line every 10 steps (fprintf + fflush), restart.bin at the end
only md && { fresh $T/md; COMPUTE=25 mpi md L 4 ./app180 md $T/in/conf.xyz $T/md 800 40 10; }
# kind 2, CFD (shared mount), 4 ranks: 1024x1024 Jacobi, each rank fwrites its slab to its own file every 100
# iterations (6 dumps), rank 0 appends a residual line every 5 iterations with fopen("a")/fprintf/fclose
only cfd && { fresh $T/cfd; mpi cfd L 4 ./app180 cfd $T/cfd 1024 600 100; }
# twin (added after cfd's counters were read): the residual file opened once, kept open, closed at the end
only cfd-tw && { fresh $T/cfd; mpi cfd-keepopen W 4 -x RESKEEP=1 ./app180 cfd $T/cfd 1024 600 100; }
# kind 3, analysis (shared mount, inputs cold): python csv over 300 instrument files, summary.csv + stats.json
only ana && { fresh $T/ana; $S/throttle.sh remount; ser ana L /usr/bin/python3 $S/ana180.py $T/in/csv $T/ana; }
# kind 5, bioinformatics (shared mount, input cold): FASTQ trimmer/filter, default stdio buffers
only fastq && { fresh $T/fq; $S/throttle.sh remount; ser fastq L ./fastq180 fastq $T/in/sample.fastq $T/fq/trimmed.fastq $T/fq/stats.tsv 20 50; }
# twin (added after fastq's counters were read): the same with a 1 MiB stdio buffer on the output (setvbuf)
only fastq-tw && { fresh $T/fq; $S/throttle.sh remount; OBUF=1048576 ser fastq-obuf W ./fastq180 fastq $T/in/sample.fastq $T/fq/trimmed.fastq $T/fq/stats.tsv 20 50; }
# kind 11, quantum chemistry (node-local scratch /tmp): disk-based SCF, integrals re-read every iteration
only scf && { fresh j/scr; ser scf L ./scf180 $R/j/scr $R/j/scr/orb.chk 300 1600 15; }
# twin (added after scf's counters were read): the integrals kept in memory (INCORE=1, 105 MB), no scratch file
only scf-tw && { fresh j/scr; INCORE=1 ser scf-incore W ./scf180 $R/j/scr $R/j/scr/orb.chk 300 1600 15; }
ls -l logs reruns | tail -3
