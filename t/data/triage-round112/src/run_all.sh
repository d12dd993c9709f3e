#!/bin/bash
# Round 112's runs (labels112): an industrial engineering centre's day, 5 kinds drawn by lot (src/draw.py, seed 112).
# Real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is), round 26's darshan-big.conf. PASS=lab: labelled
# logs (logs/r112-NAME) and each problem's twin (reruns/r112-labels112-tw-TWIN); PASS=ab1|ab2: reruns
# (reruns/r112-labels112-PASS-NAME). Run as root after `throttle.sh up`: puts itself in the blkio cgroup labels112.
R=/tmp/labels112/run; S=/tmp/labels112/src; T=/tmp/labels112/mnt
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels112/cgroup.procs
mkdir -p $R; cd $R; mkdir -p logs reruns
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r112-$1.darshan;; lab:W) echo $R/reruns/r112-labels112-tw-$1.darshan;;
	*:W) echo $R/reruns/r112-labels112-$PASS-tw-$1.darshan;; *) echo $R/reruns/r112-labels112-$PASS-$1.darshan;; esac; }
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
decks() { for c in $(seq -f %02g 0 $(($2 - 1))); do d=$1/conf$c; rm -rf $d; mkdir -p $d
	printf 'ENCUT = 450\nISMEAR = 0\nIBRION = 2\nNSW = 0\n' > $d/INCAR
	printf 'Pt(111)+CO conf %s\n1.0\n8.3 0 0\n0 8.3 0\n0 0 20\nPt C O\n36 1 1\nDirect\n' $c > $d/POSCAR
	printf 'Auto\n0\nGamma\n4 4 1\n' > $d/KPOINTS; done; }
sync
# inputs (not logged): DoE table 6000 designs x 10 columns (1.8 MB CSV); an 8-channel 262144-sample float32
# recording (8 MiB); a 20000-entity STEP-like text; 4 x 400 seismic traces of 2240 B on the throttled mount
[ -f doe.csv ] || /usr/bin/python3 -c 'import numpy as np
r=np.random.default_rng(1); x=r.uniform(0,1,(6000,8)); y=np.sin(3*x).sum(1); z=(x**2).sum(1)
np.savetxt("doe.csv", np.column_stack([x,y,z]), delimiter=",", fmt="%.6f", header=",".join("p%d"%i for i in range(8))+",y,z", comments="")'
[ -f rec.bin ] || /usr/bin/python3 -c 'import numpy as np
t=np.arange(262144)/51200.0; np.stack([np.sin(2*np.pi*(50+40*c)*t)+0.1*np.random.default_rng(c).standard_normal(t.size) for c in range(8)],1).astype(np.float32).tofile("rec.bin")'
[ -f part.step ] || awk 'BEGIN{print "ISO-10303-21;"; for(i=1;i<=20000;i++) printf "#%d=CARTESIAN_POINT(%c%c,(%.4f,%.4f,%.4f));\n",i,39,39,sin(i),cos(i),i/20000; print "END-ISO-10303-21;"}' > part.step
[ -f $T/obs.sgy ] || head -c $((4*400*2240)) /dev/urandom > $T/obs.sgy
# fine (local): serial DoE surrogate training (numpy loadtxt of the 1.8 MB CSV, RBF least squares, 5-fold CV)
only doe && { mkdir -p j/doe; one doe L /usr/bin/python3 $S/doe112.py doe.csv j/doe 5; }
# fine (local): 4 ranks, 4 adsorbate configurations in one allocation: rank 0 reads 3 decks each, stdio OUTCAR,
# one collective 4x2 MiB WAVECAR each at the end
only dft && { decks j/dft 4; DXT=1 mpi dft L 4 ./app112 dft j/dft 4 100 2; }
# fine (local): serial CAD-to-mesh conversion, fgets of the STEP text, meshing, fprintf of a ~6 MB text mesh
only cadmesh && { one cadmesh L ./app112s cad part.step cad.msh 100000; }
# problem (local): NVH FFT batch reading each channel with one 4-byte pread per sample (2 M preads);
# twin: one 8 MiB read, deinterleave in memory
only nvhfft && { DXT= one nvhfft L ./app112s fft rec.bin 8 262144 pointwise; one nvhfft-whole W ./app112s fft rec.bin 8 262144 whole; }
# problem (throttled sync mount): 4 ranks write 400 gradient traces each with one MPI_File_write_at per 2240-B trace;
# twin: one MPI_File_write_at_all per rank
only seisinv && { rm -f $T/grad.sgy; DXT=1 mpi seisinv L 4 ./app112 seis $T/obs.sgy $T/grad.sgy 400 10 indep
	rm -f $T/grad.sgy; DXT=1 mpi seisinv-coll W 4 ./app112 seis $T/obs.sgy $T/grad.sgy 400 10 coll; }
ls -l logs reruns | tail -3
