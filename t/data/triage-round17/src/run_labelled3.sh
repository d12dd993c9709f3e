#!/bin/sh
# Round 17's last two labelled runs (added after run_labelled2.sh), then their A B A B reruns
cd /tmp/labels17/run
LIB=/tmp/labels14/darshan-rt/lib/libdarshan.so
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
mrun() { name=$1 np=$2; shift 2; echo "== $name (np $np): $* ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
	$M -np $np -x LD_PRELOAD=$LIB -x DARSHAN_CONFIG_PATH=/tmp/labels17/run/src/darshan-big.conf \
		-x DARSHAN_LOGFILE=/tmp/labels17/run/logs/r17-$name.darshan "$@"; echo "rc=$?"; }
ld() { echo "-- $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
rm -f out/ov.dat; mrun overlap-same 4 ./par17 overlap out/ov.dat 64 same
rm -f out/ov.dat; mrun overlap-part 4 ./par17 overlap out/ov.dat 64 part
for p in 1 2; do
	ld; rm -f out/ov.dat; $M -np 4 ./par17 overlap out/ov.dat 64 same | sed "s/^/pair$p overlap-same /"
	ld; rm -f out/ov.dat; $M -np 4 ./par17 overlap out/ov.dat 64 part | sed "s/^/pair$p overlap-part /"
done
ld
