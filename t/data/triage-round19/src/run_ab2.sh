#!/bin/sh
# more reruns (reruns/, not labelled), the twin first (B A) for the short configs
cd /tmp/labels19/src
for i in 3 4; do
	for p in "coll4m coll64k" "one two" "ip tr"; do
		for f in $p; do sh run_mpi.sh reruns -ab$i "$f"; done
	done
	for f in 0 1; do
		n=fadv-2m; [ $f = 0 ] && n=plain-2m
		(cd ../run && ./ser19 dontneed in/g.dat && echo "== $n-ab$i ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))" &&
		LD_PRELOAD=/tmp/labels14/darshan-rt/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_MODMEM=16 \
		DARSHAN_LOGFILE=/tmp/labels19/run/reruns/r19-$n-ab$i.darshan ./ser19 fadv in/g.dat 2097152 $f)
	done
done
