#!/bin/sh
# A B A B reruns of history-vars against history, without Darshan
cd /tmp/labels18/run
mpi() { mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none "$@"; }
for p in 1 2 3; do
	echo "== pair $p ($(date -u +%T)) load $(cut -d' ' -f1 /proc/loadavg)"
	rm -f out/hist/*; mpi -np 4 ./par18 histvars out/hist 10 4 0.5 64
	rm -f out/hist/*; mpi -np 4 ./par18 history out/hist 10 4 0.5
done
