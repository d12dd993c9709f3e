#!/bin/sh
# The labelled runs of round 23: fio, python3+numpy, sort, cp, rsync, git, gzip, xz, grep -r, find
# under the real Darshan 3.5.0 runtime (/tmp/labels14/darshan-rt, used as it is). Non-MPI, one process a log.
R=/tmp/labels23/run; DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
cd $R; mkdir -p out logs
t0() { s=$(date +%s.%N); }
t1() { echo "   wall $(echo "$(date +%s.%N) - $s" | bc) s rc=$1"; }
hdr() { echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
ser() { name=$1; shift; hdr "$name: $*"; t0
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 DARSHAN_CONFIG_PATH=$R/src/darshan-big.conf \
		${DXT:+DXT_ENABLE_IO_TRACE=1} DARSHAN_LOGFILE=$R/logs/r23-$name.darshan "$@" >$R/logs/r23-$name.out 2>&1; t1 $?; }
FIO="fio --thread --group_reporting --directory=$R/out --output-format=terse"
rm -rf out/*; mkdir -p out
ser fio-seq-4k $FIO --name=w --rw=write --bs=4k --size=64m --ioengine=psync --direct=0 --numjobs=1
ser fio-seq-1m $FIO --name=w --rw=write --bs=1m --size=64m --ioengine=psync --direct=0 --numjobs=1
rm -f out/w.*
ser fio-randread-4k-4j $FIO --name=r --rw=randread --bs=4k --size=16m --ioengine=psync --direct=1 --numjobs=4
ser fio-libaio-1m-direct $FIO --name=a --rw=write --bs=1m --size=64m --ioengine=libaio --iodepth=8 --direct=1 --numjobs=2
ser fio-fsync1-4k $FIO --name=f --rw=write --bs=4k --size=4m --ioengine=psync --direct=0 --fsync=1 --numjobs=1
rm -f out/[wraf].*
ser py-npy-big /usr/bin/python3 src/py_npy.py big $R/out
ser py-npy-many /usr/bin/python3 src/py_npy.py many $R/out
ser py-pickle /usr/bin/python3 src/py_npy.py pickle $R/out
head -c 40000000 /dev/urandom | od -An -tx8 -w16 | head -c 40000000 >out/lines.txt
ser sort-small-buf sort -S 1M -T $R/out -o $R/out/sorted1 $R/out/lines.txt
ser sort-big-buf sort -S 200M -T $R/out -o $R/out/sorted2 $R/out/lines.txt
rm -f out/sorted*
rm -rf out/tree; mkdir -p out/tree; cp -r /usr/include/linux /usr/include/c++ out/tree/
ser cp-r cp -r $R/out/tree $R/out/tree2
ser grep-r grep -r -c zzqqxx_not_there $R/out/tree
ser find-name find $R/out/tree -name "*.h" -newer $R/src/darshan-big.conf
rm -rf out/tree2
ser gzip-big gzip -k -f $R/out/lines.txt
ser xz-big xz -k -f -T1 -1 $R/out/lines.txt
rm -rf out/repo; git init -q out/repo; (cd out/repo && cp -r ../tree/linux . && git add -A && git -c user.name=x -c user.email=x@x commit -qm init)
ser git-status git -C $R/out/repo status --porcelain
ser git-log git -C $R/out/repo log -p --stat -n 1
ls -l logs/*.darshan
