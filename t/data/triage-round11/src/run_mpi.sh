#!/bin/sh
# MPI programs under Darshan 3.5.0: mpirun -x LD_PRELOAD=libdarshan.so (as rounds 4-8)
cd /tmp/labels11-run
mkdir -p out/ok out/bad out/fpp logs
run() { name=$1 lib=$2 np=$3; shift 3; echo "== $name (np $np, $lib): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np $np -x LD_PRELOAD=/tmp/$lib/lib/libdarshan.so \
		-x DARSHAN_LOGFILE=/tmp/labels11-run/logs/r11-$name.darshan "$@"; echo "rc=$?"; }
run app-ok labels4-inst-full 4 ./par11 appmix in/app.conf out/ok 4 64 4096 coll
run app-bad labels4-inst-full 4 ./par11 appmix in/app.conf out/bad 4 64 4 indep
./ser11 dontneed in/a256.dat; run all-read labels4-inst 4 ./par11 allread in/a256.dat
./ser11 dontneed in/a256.dat; run bcast-read labels4-inst 4 ./par11 bcast in/a256.dat
run fpp-steps labels4-inst 8 ./par11 fppsteps out/fpp 50 4
