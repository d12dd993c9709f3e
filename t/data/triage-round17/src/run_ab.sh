#!/bin/sh
# A B A B reruns for round 17's stakes (no Darshan; each program's own clock, slowest rank)
cd /tmp/labels17/run
mkdir -p out/steps out/stepa out/fsc out/fse
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
ld() { echo "-- $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
for p in 1 2; do
	ld; rm -rf out/steps/*; $M -np 4 ./par17 stepdirs out/steps 5 100 8192 many | sed "s/^/pair$p many /"
	ld; rm -rf out/stepa/*; $M -np 4 ./par17 stepdirs out/stepa 5 100 8192 agg | sed "s/^/pair$p agg /"
done
for p in 1 2; do
	ld; rm -f out/st.dat; $M -np 4 ./par17 straggle out/st.dat 64 2 3 | sed "s/^/pair$p straggler /"
	ld; rm -f out/st.dat; $M -np 4 ./par17 straggle out/st.dat 64 2 0 | sed "s/^/pair$p nostraggler /"
done
for p in 1 2; do
	ld; rm -f out/fsc/*; ./ser17 fsyncclose out/fsc 200 1024 each 2>&1 | sed "s/^/pair$p fsync-each /"
	ld; rm -f out/fse/*; ./ser17 fsyncclose out/fse 200 1024 end 2>&1 | sed "s/^/pair$p syncfs-end /"
done
for p in 1 2; do
	ld; ./ser17 dontneed in/text1g.txt; $M -np 8 ./par17 hdr in/text1g.txt 2000 each | sed "s/^/pair$p hdr-each /"
	ld; ./ser17 dontneed in/text1g.txt; $M -np 8 ./par17 hdr in/text1g.txt 2000 once | sed "s/^/pair$p hdr-once /"
done
ld
