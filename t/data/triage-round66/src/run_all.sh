#!/bin/bash
# Round 66's runs under the real Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is).
# LOGS=dir PFX=log name prefix ONLY="names". Throttled runs join cgroup v1 blkio "labels66" (throttle.sh).
R=/tmp/labels66/run; S=/work/labels66/t/data/triage-round66/src
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; CG=/sys/fs/cgroup/blkio/labels66
M=/tmp/labels66/mnt; WB=/tmp/labels66/mntwb
LOGS=${LOGS:-logs}; PFX=${PFX:-r66-}
cd $R; mkdir -p out $LOGS in
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
mpi() { name=$1 np=$2; shift 2; hdr "$name np $np: $*"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=$DL \
		-x DARSHAN_CONFIG_PATH=$S/darshan-big.conf -x DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan \
		${DXT:+-x DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
one() { name=$1; shift; hdr "$name np 1: $*"
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/$PFX$name.darshan ${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"; echo "   rc=$?"; }
slow() { echo $BASHPID > $CG/cgroup.procs; }   # this subshell and its children meet the throttle
cold() { umount $WB && mount $(cat /tmp/labels66/loopdev2) $WB; }  # drop mntwb's page cache
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
PY=/usr/bin/python3
# inputs (outside the cgroup): a 15 MB text deck, a 40 MB text table to sort, a 24 MB CSV on mntwb
[ -f in/deck.txt ] || awk 'BEGIN{srand(66); for(i=0;i<200000;i++) printf "param_%06d = %.10f %d\n", i, rand()*1000, int(rand()*1e6)}' > in/deck.txt
[ -f in/table.txt ] || awk 'BEGIN{srand(661); for(i=0;i<800000;i++) printf "%08d %s %.9f %d\n", int(rand()*1e8), (rand()<0.5?"alpha":"omega"), rand(), i}' > in/table.txt
[ -f $WB/in/meas.csv ] || { mkdir -p $WB/in; awk 'BEGIN{srand(662); print "id,x1,x2,x3,x4,y"; for(i=0;i<400000;i++){a=rand();b=rand();c=rand();d=rand(); printf "%d,%.9f,%.9f,%.9f,%.9f,%.9f\n", i,a,b,c,d,2*a-b+0.5*c+0.1*d+rand()*0.01}}' > $WB/in/meas.csv; }
only cxx-endl    && { rm -f out/endl.*; mpi cxx-endl 4 ./cxxlog66 endl 64 200 10 out/endl 2000; }
only cxx-nl      && { rm -f out/endl.*; mpi cxx-nl 4 ./cxxlog66 nl 64 200 10 out/endl 2000; }
only cxx-getline && { mpi cxx-getline 4 ./cxxlog66 getline 64 40 40 in/deck.txt; }
only py-flush    && { rm -f out/py.log; one py-flush $PY $S/pyflush66.py flush 300 1500 200000 out/py.log; }
only py-noflush  && { rm -f out/py.log; one py-noflush $PY $S/pyflush66.py noflush 300 1500 200000 out/py.log; }
only py-ser      && { rm -rf out/ser; mkdir -p out/ser; DXT=1 one py-ser $PY $S/pyser66.py 40 10 700 out/ser; }
only sort-pipe   && { hdr "sort-pipe: awk | sort (Darshan on sort) | gzip"
	awk '{print $2, $1, $3}' in/table.txt | env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf \
		DARSHAN_LOGFILE=$R/$LOGS/${PFX}sort-pipe.darshan sort -S 32M -T out -k1,1 -k2,2n - | gzip -1 > out/sorted.gz; echo "   rc=$? ($SECONDS s since start)"; }
# the throttled third
only f90-direct  && ( slow; rm -f $WB/fd.*; DXT=1 mpi f90-direct 4 ./fdirect66 128 60 400 $WB/fd )
only py-csv      && { cold; ( slow; one py-csv $PY $S/pycsv66.py $WB/in/meas.csv 2000 ); }
only c-smallbuf  && ( slow; rm -f $M/sv.*; mpi c-smallbuf 4 ./stdio66 64 100 20 20 256 $M/sv )
only c-bigbuf    && ( slow; rm -f $M/sv.*; mpi c-bigbuf 4 ./stdio66 64 100 20 20 1048576 $M/sv )
ls -l $LOGS
