#!/bin/bash
# Round 191's runs (labels191): ocean and coastal models. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as
# it is), round 169's darshan-big.conf, DXT on. Adapted from round 169's run_all.sh. PASS=lab: labelled logs
# (logs/r191-NAME) and each problem's twin (reruns/r191-labels191-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r191-labels191-PASS-NAME, twins -PASS-tw-TWIN). Run as root after `throttle.sh up`: this script puts itself in
# the blkio cgroup labels191 (only the two loop devices are limited). Inputs are made (outside Darshan) by prep below.
R=/tmp/labels191/run; S=/tmp/labels191/src; T=/tmp/labels191/mnt; A=/tmp/labels191/mnta
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels191/cgroup.procs
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r191-$1.darshan;; lab:W) echo $R/reruns/r191-labels191-tw-$1.darshan;;
	*:W) echo $R/reruns/r191-labels191-$PASS-tw-$1.darshan;; *) echo $R/reruns/r191-labels191-$PASS-$1.darshan;; esac; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 kind=$2 np=$3; shift 3; hdr "$name np $np: $*"; t0=$(date +%s.%N)
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$(logname $name $kind) -x DXT_ENABLE_IO_TRACE=1 \
		${COMPUTE:+-x COMPUTE=$COMPUTE} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
fresh() { rm -rf $1; mkdir -p $1; }
# prep (not logged), on the sync mount: ROMS grid (2 fields of 512x512 doubles, 4 MiB) and boundary forcing (5 MiB:
# 300 step records of 4 edges x 512 doubles = 16 KiB), MOM topography (1024x512 doubles, 4 MiB) and namelist
mkdir -p $T/in
[ -f $T/in/ocean_grd.dat ] || ./app191 gen $T/in/ocean_grd.dat 4
[ -f $T/in/ocean_bry.dat ] || ./app191 gen $T/in/ocean_bry.dat 5
[ -f $T/in/topog.dat ] || ./app191 gen $T/in/topog.dat 4
[ -f $T/in/input.nml ] || printf '&ocean_model_nml\n dt_ocean = 1800\n layout = 8,1\n/\n&ocean_tracer_nml\n/\n' > $T/in/input.nml
sync
# fine: ROMS-like, 4 ranks (2x2 tiles of 512x512), grid read once collectively, boundary forcing pread'ed every step
# (2 x 2 KiB a rank a step, cached), 5 history records (3 fields, 6 MiB) every 60 steps and 2 average records every 150
# steps via MPI_File_write_at_all on a subarray view, restart at the end, rank-0 fprintf log every 10 steps
only roms && { fresh $T/roms; COMPUTE=24 mpi roms L 4 ./app191 roms $T/roms $T/in 300 60 150; }
# fine: MOM-like, 8 ranks (row strips), every rank reads the whole 4 MiB topography in 1 MiB reads, rank 0 reads the
# namelist; per-rank restart (2 MiB: 4 fields of 512 KiB, one write each) and diagnostics (512 KiB) files at the end
only mom && { fresh $T/mom; mkdir -p $T/mom/RESTART; COMPUTE=100 mpi mom L 8 ./app191 mom $T/mom $T/in 40; }
# planned fine, made a problem by its trial counters (STDIO 1.6-2.9 s of 2.4-4.4 s runs, the 4 KiB stdio flushes each
# synchronous on the sync mount): ADCIRC-like, 4 ranks: 4 x 60 stations gathered to rank 0 each step and fprintf'ed to
# fort.61 (ASCII, glibc's default 4 KiB buffer), global elevation (1 MiB) gathered to rank 0 and written by it every
# 100 steps (fort.63). Twins: tw-adcsta-fbuf: a 1 MiB stdio buffer on fort.61; tw-adcsta-bin: binary station
# records, 2 fwrites a step, default buffer
only adcsta && { fresh $T/adc; COMPUTE=8 mpi adcsta L 4 ./app191 adcsta $T/adc 500 100 60;
	fresh $T/adc; COMPUTE=8 mpi adcsta-fbuf W 4 -x FBUF=1048576 ./app191 adcsta $T/adc 500 100 60;
	fresh $T/adc; COMPUTE=8 mpi adcsta-bin W 4 -x FBIN=1 ./app191 adcsta $T/adc 500 100 60; }
# fine (added after adcsta's trial): the same ADCIRC-like run at 8 ranks (480 stations) with binary station records
# (2 fwrites a step) through a 1 MiB stdio buffer
only adcsta8 && { fresh $T/adc8; COMPUTE=4 mpi adcsta8 L 8 -x FBIN=1 -x FBUF=1048576 ./app191 adcsta $T/adc8 500 100 60; }
# problem (async throttled mount): station records (3840 B) appended by rank 0, fsync after each (600 steps); twin:
# one fsync at the end
only stafsync && { fresh $A/sta; COMPUTE=3 mpi stafsync L 4 ./app191 stafsync $A/sta 600 40 rec;
	fresh $A/sta; COMPUTE=3 mpi stafsync-endsync W 4 ./app191 stafsync $A/sta 600 40 end; }
# problem (sync mount): history (3 fields of 256x256 an output, 2 outputs) written with one independent MPI_File_write_at
# per tile row (1 KiB); twin: MPI_File_write_at_all on a subarray view
only hisindep && { fresh $T/his; COMPUTE=4 mpi hisindep L 4 ./app191 hisindep $T/his 2 row;
	fresh $T/his; COMPUTE=4 mpi hisindep-coll W 4 ./app191 hisindep $T/his 2 coll; }
ls -l logs reruns | tail -3
