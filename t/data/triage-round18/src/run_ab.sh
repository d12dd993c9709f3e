#!/bin/sh
# A B A B reruns for the stakes, without Darshan (the programs' own clocks)
cd /tmp/labels18/run
mkdir -p out/hist out/dump
ld() { echo "   load $(cut -d' ' -f1 /proc/loadavg)"; }
mpi() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none "$@"; }
for p in 1 2 3; do
	echo "== pair $p ($(date -u +%T))"; ld
	./ser18 dontneed in/reads.fq >/dev/null; ./ser18 fqfilter in/reads.fq out/ids.txt 0 2>/dev/null
	./ser18 dontneed in/reads.fq >/dev/null; ./ser18 fqfilter in/reads.fq out/ids.txt 1048576 2>/dev/null
	./ser18 openpoll in/cfg 16000 0.00002 every
	./ser18 openpoll in/cfg 16000 0.00002 once
	rm -f out/dump/*; mpi -np 4 ./par18 dump out/dump 2000000 text
	rm -f out/dump/*; mpi -np 4 ./par18 dump out/dump 2000000 bin
	./ser18 loader in/samples 1000 100 3 0.001
	./ser18 loader in/samples 1000 100 3 0
	./ser18 dontneed in/big.dat >/dev/null; mpi -np 4 ./par18 slices in/big.dat 128 8
	./ser18 dontneed in/big.dat >/dev/null; mpi -np 4 ./par18 slices in/big.dat 128 64
done
