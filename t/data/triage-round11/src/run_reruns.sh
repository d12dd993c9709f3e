#!/bin/sh
# unlabelled reruns, to see what the twins' differences are made of (after the labelled runs)
cd /tmp/labels11-run
mkdir -p reruns out/ok2 out/bad2
nm() { name=$1; shift; echo "== $name: $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	LD_PRELOAD=/tmp/labels4-inst/lib/libdarshan.so DARSHAN_ENABLE_NONMPI=1 DARSHAN_LOGFILE=/tmp/labels11-run/reruns/r11-$name.darshan "$@"; echo "rc=$?"; }
mp() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels11-run/reruns/r11-$name.darshan "$@"; echo "rc=$?"; }
./ser11 dontneed in/g1.dat; nm sorted-pread-2 ./ser11 randpread in/g1.dat 20000 2048 1
./ser11 dontneed in/g1.dat; nm rand-pread-4 ./ser11 randpread in/g1.dat 20000 2048 0
./ser11 dontneed in/g1.dat; nm sorted-pread-3 ./ser11 randpread in/g1.dat 20000 2048 1
mp app-ok-2 labels4-inst-full 4 ./par11 appmix in/app.conf out/ok2 4 64 4096 coll
mp app-bad-2 labels4-inst-full 4 ./par11 appmix in/app.conf out/bad2 4 64 4 indep
# second batch (15:29 UTC): the checkpoint in 4 MiB independent writes, and the two twins again, back to back
mkdir -p out/i4m out/bad3 out/ok3
mp app-indep4m labels4-inst-full 4 ./par11 appmix in/app.conf out/i4m 4 64 4096 indep
mp app-bad-3 labels4-inst-full 4 ./par11 appmix in/app.conf out/bad3 4 64 4 indep
mp app-ok-3 labels4-inst-full 4 ./par11 appmix in/app.conf out/ok3 4 64 4096 coll
