#!/bin/bash
# Round 72's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# Local disk: /tmp/labels72/run (in/, out/). Throttled: /tmp/labels72/mnt (-o sync) and /tmp/labels72/mntwb
# (write-back), see src/throttle.sh; this shell joins the blkio cgroup labels72, so mpirun and every rank do.
# Throttled runs start with a cold cache (unmount + mount). LOGS=dir PFX=prefix ONLY="names".
R=/tmp/labels72/run; F=$R/f72; S=/tmp/labels72/mnt; W=/tmp/labels72/mntwb; I=$R/in; O=$R/out
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
LOGS=${LOGS:-logs}; PFX=${PFX:-r72-}
echo $$ > /sys/fs/cgroup/blkio/labels72/cgroup.procs
cd $R; mkdir -p $LOGS $O
cold() { sync; umount $S && mount -o sync $(cat /tmp/labels72/loopdev) $S && umount $W && mount $(cat /tmp/labels72/loopdev2) $W || exit 1; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2 dxt=$3; shift 3; hdr "$name np $np: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		-x DXT_ENABLE_IO_TRACE=$dxt "$@" | tail -1; echo "   rc=${PIPESTATUS[0]} wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
one() { name=$1; shift; hdr "$name np 1: $*"; rm -f $R/$LOGS/$PFX$name.darshan
	( s=$(date +%s.%N); env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan DXT_ENABLE_IO_TRACE=1 "$@"; echo "   rc=$? wall $(echo "$(date +%s.%N) - $s" | bc) s" ); }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
# throttled (a third of the programs; the B twins too)
only ascii-rst  && { cold; rm -rf $S/out/*; mpi ascii-rst 4 1 $F rst 60 40 32768 $S/out/model 30 ascii; }
only stream-rst && { cold; rm -rf $S/out/*; mpi stream-rst 4 1 $F rst 60 40 32768 $S/out/model 30 stream; }
only oc-loop    && { cold; rm -rf $S/out/*; mpi oc-loop 4 1 $F oc 400 10 10000 $S/out/diag 0 loop; }
only oc-once    && { cold; rm -rf $S/out/*; mpi oc-once 4 1 $F oc 400 10 10000 $S/out/diag 0 once; }
only direct     && { cold; rm -rf $W/out/*; mpi direct 2 0 $F direct 60 10 200000 $W/out/table 1 x 2000 512 50; }
# local disk (two thirds)
only nml8       && { mpi nml8 8 1 $F nml 60 10 50000 $I/input.nml; }
only fmt-elem   && { rm -rf $O/fe; mkdir -p $O/fe; mpi fmt-elem 2 1 $F fmt 60 10 100000 $O/fe/field 15 elem; }
only fmt-array  && { rm -rf $O/fa; mkdir -p $O/fa; mpi fmt-array 2 1 $F fmt 60 10 100000 $O/fa/field 15 array; }
only unf-fpp    && { rm -rf $O/uf; mkdir -p $O/uf; mpi unf-fpp 4 1 $F unf 50 10 100000 $O/uf/snap 5 x; }
only pypost     && { one pypost /usr/bin/python3 $R/src/py72.py $O/post.txt 50 $I/unf_rank0000.dat $I/unf_rank0001.dat $I/unf_rank0002.dat $I/unf_rank0003.dat; }
only sortres    && { one sortres sort --parallel=1 -g -k2,2 -o $O/sorted.txt $I/fmt.000025.0000.txt $I/fmt.000025.0001.txt $I/fmt.000050.0000.txt $I/fmt.000050.0001.txt $I/fmt.000075.0000.txt $I/fmt.000075.0001.txt $I/fmt.000100.0000.txt $I/fmt.000100.0001.txt; }
