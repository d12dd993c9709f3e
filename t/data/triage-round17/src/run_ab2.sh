#!/bin/sh
# A B A B reruns, second batch: ringread with its fsync against without (no Darshan; program's clock)
cd /tmp/labels17/run
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
ld() { echo "-- $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
for p in 1 2; do
	ld; rm -f out/ring.dat; $M -np 4 ./par17 ringread out/ring.dat 64 | sed "s/^/pair$p ring-fsync /"
	ld; rm -f out/ring.dat; $M -np 4 ./par17 ringread out/ring.dat 64 nosync | sed "s/^/pair$p ring-nosync /"
done
ld
# fsync-close pairs 3-4 (pairs 1-2 in run_ab.sh disagreed: 0.06 and 0.71 s)
for p in 3 4; do
	ld; rm -f out/fsc/*; ./ser17 fsyncclose out/fsc 200 1024 each 2>&1 | sed "s/^/pair$p fsync-each /"
	ld; rm -f out/fse/*; ./ser17 fsyncclose out/fse 200 1024 end 2>&1 | sed "s/^/pair$p syncfs-end /"
done
ld
