#!/bin/sh
# after the scoring (15:32 UTC): random and sorted offsets alternated, A B A B, for the twin's medians
cd /tmp/labels11-run
nm() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels11-run/reruns/r11-$name.darshan "$@"; echo "rc=$?"; }
for k in 5 6 7; do
	./ser11 dontneed in/g1.dat; nm rand-pread-$k ./ser11 randpread in/g1.dat 20000 2048 0
	./ser11 dontneed in/g1.dat; nm sorted-pread-$((k - 1)) ./ser11 randpread in/g1.dat 20000 2048 1
done
