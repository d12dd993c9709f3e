#!/bin/sh
# The labelled runs of round 29: data-science and build workflows under the real Darshan 3.5.0 runtime
# (/tmp/labels14/darshan-rt, used as it is). Non-MPI. One process: DARSHAN_LOGFILE. A few processes
# (a pipeline, make): each process writes its own log in DARSHAN_LOGPATH (flat: non-MPI logs are not
# put in year/month/day directories), and darshan-merge 3.5.0
# (/tmp/darshan-inst/bin) merges them into one log (one "rank" a process).
R=/tmp/labels29/run; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so; PY=/usr/bin/python3
cd $R; mkdir -p out logs; rm -f logs/*
t0() { s=$(date +%s.%N); }
t1() { echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s rc=$1"; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
ENV="LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf"
ser() { name=$1; shift; hdr "$name: $*"; t0
	env $ENV DARSHAN_LOGFILE=$R/logs/r29-$name.darshan "$@" >$R/logs/r29-$name.out 2>&1; t1 $?; }
multi() { name=$1; shift; hdr "$name: $*"; lp=$R/lp/$name; rm -rf $lp; mkdir -p $lp; t0
	env $ENV DARSHAN_LOGPATH=$lp sh -c "$*" >$R/logs/r29-$name.out 2>&1; t1 $?
	echo "   $(find $lp -name '*.darshan' | wc -l) process logs merged"
	/tmp/darshan-inst/bin/darshan-merge --output $R/logs/r29-$name.darshan $lp/*.darshan; }
# pandas starts a child process (its log took DARSHAN_LOGFILE first): log every process, keep python3's only
one() { name=$1; shift; hdr "$name: $*"; lp=$R/lp/$name; rm -rf $lp; mkdir -p $lp; t0
	env $ENV DARSHAN_LOGPATH=$lp "$@" >$R/logs/r29-$name.out 2>&1; t1 $?
	echo "   process logs: $(cd $lp && ls | sed 's/_id.*//' | tr '\n' ' ')"
	cp $lp/*_python3_id*.darshan $R/logs/r29-$name.darshan; }
ser dl-npy-many $PY src/wf.py many $R/out
ser dl-npy-packed $PY src/wf.py packed $R/out
one pd-csv $PY src/wf.py csv $R/out
one pd-pickle $PY src/wf.py pickle $R/out
ser h5-chunk16 $PY src/wf.py h5small $R/out
ser h5-chunk4m $PY src/wf.py h5big $R/out
ser ckpt-every-step $PY src/wf.py ckpt1 $R/out
ser ckpt-every-50 $PY src/wf.py ckpt50 $R/out
ser append-open-each $PY src/wf.py appeach $R/out
ser append-open-once $PY src/wf.py appone $R/out
multi log-pipeline "grep -F '\" 404 ' $R/out/access.log | sed -e 's/\\[//' -e 's/ +0000\\]//' | awk '{n[\$1]++; b+=\$NF} END{for(k in n) c++; print c, b}' >$R/out/report.txt"
multi zcat-fastq "zcat $R/out/reads.fq.gz | awk 'NR%4==2{gc+=gsub(/[GC]/,\"\"); n+=100} END{print gc/n}' >$R/out/gc.txt"
make -s -C $R/out/ior/src clean >/dev/null 2>&1
multi build-ior "make -j2 -C $R/out/ior/src ior"
ls -l logs/*.darshan
