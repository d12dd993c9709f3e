#!/bin/bash
# Round 99's runs (labels99): software build and test jobs on compute nodes, each tool process under the real
# Darshan 3.5.0 runtime /tmp/labels14/darshan-rt (used as it is) in non-MPI mode, round 26's darshan-big.conf.
# PASS=lab: labelled logs (logs/r99-NAME) and each problem's twin (reruns/r99-labels99-tw-TWIN); PASS=ab1|ab2:
# reruns (reruns/r99-labels99-PASS-NAME). Run as root after `mkproj.sh /tmp/labels99/run/proj` and `throttle.sh up`:
# this script puts itself in the blkio cgroup labels99 (only the loop device is limited).
R=/tmp/labels99/run; S=/tmp/labels99/src; T=/tmp/labels99/mnt; P=$R/proj
DL=/tmp/labels14/darshan-rt/lib/libdarshan.so
CC1=$(gcc -print-prog-name=cc1)
PASS=${PASS:-lab}
echo $$ > /sys/fs/cgroup/blkio/labels99/cgroup.procs
cd $R; mkdir -p logs reruns j
logname() { case "$PASS:$2" in lab:L) echo $R/logs/r99-$1.darshan;; lab:W) echo $R/reruns/r99-labels99-tw-$1.darshan;;
	*:W) echo $R/reruns/r99-labels99-$PASS-tw-$1.darshan;; *) echo $R/reruns/r99-labels99-$PASS-$1.darshan;; esac; }
hdr() { set -- "$(echo "$1" | cut -c1-160)"; echo "== $1 ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"; }
one() { name=$1 kind=$2; shift 2; hdr "$name: $*"; t0=$(date +%s.%N)
	env LD_PRELOAD=$DL DARSHAN_ENABLE_NONMPI=1 DARSHAN_CONFIG_PATH=$S/darshan-big.conf DARSHAN_LOGFILE=$(logname $name $kind) \
		${DXT:+DXT_ENABLE_IO_TRACE=1} "$@"
	echo "   rc=$? wall $(echo "$(date +%s.%N) - $t0" | bc) s, end $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
only() { [ -z "$ONLY" ] || case " $ONLY " in *" $1 "*) return 0;; *) return 1;; esac; }
sync
# fine (local): the compile step, gcc's cc1 itself on a file including 400 small project headers (plus libc's)
only cc1 && { DXT=1 one cc1 L $CC1 -quiet -imultiarch x86_64-linux-gnu -O2 -I $P/inc $P/big.c -o j/big.s; }
# fine (local): the static-library step, ar reading 200 objects into libu.a
only ar && { rm -f j/libu.a; DXT=1 one ar L ar rcs j/libu.a $P/obj/u???.o; }
# fine (local): the test suite, 200 tests, one 200-line TAP log each through Python's buffered file
only testsuite && { rm -rf j/ts; one testsuite L /usr/bin/python3 $S/tests99.py j/ts 200 200 buf; }
# problem (throttled mount, write-back): the compiler cache fsyncs each stored object and manifest (800 fsyncs);
# twin: the same cache left to write-back
only cachefsync && { rm -rf $T/cache; sync; one cachefsync L /usr/bin/python3 $S/cache99.py $P $T/cache fsync
	rm -rf $T/cache; sync; one cache-nofsync W /usr/bin/python3 $S/cache99.py $P $T/cache nofsync; }
# problem (local): the test suite with unbuffered logs, 200 tests x 4000 lines, 3 write(2) a line (2.4 M writes);
# twin: the same logs buffered
only testunbuf && { rm -rf j/tu; one testunbuf L /usr/bin/python3 $S/tests99.py j/tu 200 4000 unbuf
	rm -rf j/tu; one testunbuf-buf W /usr/bin/python3 $S/tests99.py j/tu 200 4000 buf; }
ls -l logs reruns | tail -3
