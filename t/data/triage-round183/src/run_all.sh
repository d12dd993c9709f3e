#!/bin/bash
# Round 183's runs (labels183): a national supercomputing centre's ordinary day (genomics, cfd, ensemble-workflow,
# visualisation, seismic, drawn by lot: draw.sh). Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is),
# round 169's darshan-big.conf. Adapted from round 169's run_all.sh. PASS=lab: labelled logs (logs/r183-NAME) and each
# problem's twin (reruns/r183-labels183-tw-TWIN); PASS=ab1|ab2: reruns (reruns/r183-labels183-PASS-NAME). Run as root
# after `throttle.sh up`: this script puts itself in the blkio cgroup labels183 (only the loop device is limited).
# Inputs are made (outside Darshan) by prep below and dropped from the page cache (fdatasync + POSIX_FADV_DONTNEED).
R=/tmp/labels183/run; S=/tmp/labels183/src; T=/tmp/labels183/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels183/cgroup.procs
cd $R; mkdir -p logs reruns data j $T/in
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r183-$1.darshan;; lab:W) echo $R/reruns/r183-labels183-tw-$1.darshan;;
	*:W) echo $R/reruns/r183-labels183-$PASS-tw-$1.darshan;; *) echo $R/reruns/r183-labels183-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) ${DXT:+-x DXT_ENABLE_IO_TRACE=1} \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged): 24 MiB FASTQ and 8 MiB reference (local), 4 timesteps of a 96^3 double field (local, 27 MiB),
# a 4096-trace SEG-Y-like shot file (throttled mount, 17 MB); each dropped from the page cache before every pass
[ -f data/reads.fq ] || ./app183 gen fastq data/reads.fq 24
[ -f data/ref.fa ] || ./app183 gen ref data/ref.fa 8
[ -f data/field.dat ] || ./app183 gen field data/field.dat 4
[ -f $T/in/shots.sgy ] || ./app183 gen segy $T/in/shots.sgy 4096
for f in data/reads.fq data/ref.fa data/field.dat $T/in/shots.sgy; do python3 -c "import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" $f; done
# genomics (local): 4 ranks, each fgets its quarter of the FASTQ, freads the whole reference, fprintf's its hits; rank 0 merges
only genomics && { fresh j/g; COMPUTE=1 DXT=1 mpi genomics L 4 ./app183 genomics data/reads.fq data/ref.fa j/g; }
# cfd (throttled): 4 ranks, 2 MiB a rank, collective snapshot every 25 steps, rank-0 residual line a step
only cfd && { fresh $T/c; COMPUTE=1 DXT=1 mpi cfd L 4 ./app183 cfd $T/c 150 25; }
# ensemble (throttled): 8 members, namelist read, one diagnostics line a step by fopen("a")/fprintf/fclose; twin: kept open
only ensemble && { fresh $T/e; for m in 0 1 2 3 4 5 6 7; do mkdir -p $T/e/member0$m; printf "&params\n x0 = 1.%d\n forcing = 0.5\n damping = 0.01\n seed = %d\n/\n" $m $m > $T/e/member0$m/input.nml; done
	COMPUTE=1 DXT=1 mpi ensemble L 8 ./app183 ensemble $T/e 150 reopen;
	[ $PASS = lab ] && { rm -f $T/e/member0*/diag.txt $T/e/member0*/final.dat; COMPUTE=1 DXT=1 mpi ensemble-keep W 8 ./app183 ensemble $T/e 150 keep; }; }
# vis (local): 4 ranks, pread of each rank's z-slab of each of 4 timesteps, rank 0 writes a PPM a timestep
only vis && { fresh j/v; COMPUTE=1 DXT=1 mpi vis L 4 ./app183 vis data/field.dat j/v; }
# seismic (throttled): 4 ranks, traces read one by one (240-B header + 4000-B samples), 120 snapshots of 160 KB a rank
# written to a per-rank scratch file and read back in reverse; twin: the gather in one read
only seismic && { fresh $T/s; COMPUTE=1 DXT=1 mpi seismic L 4 ./app183 seismic $T/in/shots.sgy $T/s 120 trace;
	[ $PASS = lab ] && { python3 -c "import os,sys; fd=os.open(sys.argv[1],os.O_RDONLY); os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)" $T/in/shots.sgy; fresh $T/s; COMPUTE=1 DXT=1 mpi seismic-gather W 4 ./app183 seismic $T/in/shots.sgy $T/s 120 gather; }; }
ls -l logs reruns | tail -3
