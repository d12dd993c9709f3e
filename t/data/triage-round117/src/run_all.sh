#!/bin/bash
# Round 117's runs (labels117): neuroimaging pipelines. Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt
# (used as it is), round 26's darshan-big.conf, local disk only (no throttle). PASS=lab: labelled logs
# (logs/r117-NAME) and each problem's twin (reruns/r117-labels117-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r117-labels117-PASS-NAME). Inputs (120 subject volumes, a 16 MiB template) are made by `gen`, not logged.
R=/tmp/labels117/run; S=/tmp/labels117/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r117-$1.darshan;; lab:W) echo $R/reruns/r117-labels117-tw-$1.darshan;;
	*:W) echo $R/reruns/r117-labels117-$PASS-tw-$1.darshan;; *) echo $R/reruns/r117-labels117-$PASS-$1.darshan;; esac; }
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
[ -f raw/sub-119_T1w.nii ] || $S/nifti117 gen raw 120
[ -f tmpl.nii ] || /usr/bin/python3 -c 'import numpy as np
h=bytearray(352); h[:4]=(348).to_bytes(4,"little")
with open("tmpl.nii","wb") as f: f.write(h); (np.arange(256*256*64,dtype=np.float32)%977).tofile(f)'
sync
# fine: 4-rank farm, 40 subjects, each rank writes its subjects' derivatives dirs (4 small files each, 160 files)
only farm && { rm -rf deriv; DXT=1 mpi farm L 4 $S/farm117 deriv 40; }
# fine: serial C reads 60 subject volumes slice by slice (352-B header, then 64 reads of 64 KiB)
only slices && one slices L $S/nifti117 slice raw 60
# fine: numpy group analysis reading the farm's 40 stat maps (header + np.fromfile), writing one t map
only group && { [ -d deriv/sub-039 ] || $S/farm117 deriv 40 >/dev/null; one group L /usr/bin/python3 $S/group117.py group deriv 40 group_t.nii; }
# problem: serial C reads 120 volumes voxel row by voxel row (512-B reads, 8192 a volume); twin: whole volume
only rows && { one rows L $S/nifti117 row raw 120; one rows-whole W $S/nifti117 whole raw 120; }
# problem: numpy registration of 20 subjects, 20 iterations each, re-reading the 16 MiB template every iteration
# (400 reads of it); twin: template read once
only regtmpl && { one regtmpl L /usr/bin/python3 $S/group117.py reg raw tmpl.nii 20 20 every;
	one regtmpl-once W /usr/bin/python3 $S/group117.py reg raw tmpl.nii 20 20 once; }
ls -l logs reruns | tail -3
