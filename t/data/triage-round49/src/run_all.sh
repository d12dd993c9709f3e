#!/bin/bash
# Round 49's runs: read-mostly jobs (src/app49.c, src/ftn49.f90, src/csv49.py, sort) under the real Darshan
# 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is). Local inputs in /tmp/labels49/data (ext4 on the
# VM's virtio disk); slow ones in /tmp/labels49/mnt (ext4 on loop, blkio cgroup labels49, src/throttle.sh).
# This shell joins the cgroup; mpirun and every rank inherit it (the limits bind only the loop device).
# Every run starts cold: the slow file system is remounted and the local inputs' pages are dropped
# (dd iflag=nocache count=0). LOGS=dir PFX=name prefix ONLY="names" SFX=suffix of each log name.
R=/tmp/labels49/run; A=$R/app49; F=$R/ftn49; L=/tmp/labels49/data; S=/tmp/labels49/mnt; O=/tmp/labels49/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r49-}
echo $$ > /sys/fs/cgroup/blkio/labels49/cgroup.procs
cd $R; mkdir -p $LOGS $O
cold() { sync; umount $S && mount $(cat /tmp/labels49/loopdev) $S || exit 1
	for f in $L/* $L/steps/*; do dd if=$f iflag=nocache count=0 status=none; done; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
log() { echo $R/$LOGS/$PFX$1$SFX.darshan; }
mpi() { name=$1 np=$2; shift 2; rm -f $(log $name); cold; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$(log $name) \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
one() { name=$1; shift; rm -f $(log $name); cold; hdr "$name (no MPI): $*"
	s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$(log $name) ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
C="512 10 150"   # 512 Ki cells a rank, 10 steps of 150 sweeps after the reads
only ckpt-n1      && DXT=1 mpi ckpt-n1 4 $A ckptn1 $C $L/ck.n1 64
only ckpt-nn      && DXT=1 mpi ckpt-nn 4 $A ckptnn $C $S/ck.nn 24
only reduce       && DXT=1 mpi reduce 4 $A reduce 512 4 100 $S/steps 16
only mesh-f90     && DXT=1 mpi mesh-f90 4 $F mesh $L/mesh ${MS:-400}
only csv-py       && one csv-py /usr/bin/python3 $R/src/csv49.py $L/samples.csv ${CR:-5}
only mmap-in      && DXT=1 mpi mmap-in 2 $A mmapin $C $L/field.bin 5
only awk-pipe     && { rm -f $O/tags.txt; cold; hdr "awk-pipe: awk | sort (awk under Darshan)"; s=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$(log awk-pipe) DXT_ENABLE_IO_TRACE=1 awk -F, \
		'{v=$2; s[$3]+=v; q[$3]+=v*v; l[$3]+=log(v+1); n++} END {for (t in s) printf "%s %d %.6g %.6g\n", t, s[t], q[t], l[t]; print "rows", n}' \
		$S/events.txt | sort -k2,2n > $O/tags.txt
	echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s"; }
only nml-f90      && DXT=1 mpi nml-f90 2 $F nml $L/input.nml ${NS:-150}
only hash-probe   && DXT=1 mpi hash-probe 2 $A hash 512 5 150 $S/table.bin ${HP:-3000} probe
only hash-load    && DXT=1 mpi hash-load 2 $A hash 512 5 150 $S/table.bin ${HP:-3000} load
only twopass-f90  && DXT=1 mpi twopass-f90 1 $F twopass $L/table2.txt ${TS:-400}
only onepass-f90  && DXT=1 mpi onepass-f90 1 $F onepass $L/table1.txt ${TS:-400}
only lenrec-rec   && mpi lenrec-rec 2 $A lenrec $C $L/rec rec
only lenrec-chunk && DXT=1 mpi lenrec-chunk 2 $A lenrec $C $L/rec chunk
only graph-root   && DXT=1 mpi graph-root 8 $A graph 128 5 100 $L/graph.csr root ${GI:-10}
only graph-coll   && DXT=1 mpi graph-coll 8 $A graph 128 5 100 $L/graph.csr coll ${GI:-10}
only files-many   && mpi files-many 4 $A files $C $S/many 2000 many
only files-packed && DXT=1 mpi files-packed 4 $A files $C $S/many 2000 packed
only imbal-skew   && DXT=1 mpi imbal-skew 4 $A imbal $C $L/field.bin skew
only imbal-even   && DXT=1 mpi imbal-even 4 $A imbal $C $L/field.bin even
exit 0
