#!/bin/bash
# Round 40's reruns (reruns/, not labelled): two more runs of every program, as run_all.sh makes them.
# ab1 runs the twins A then B (hacc-fpp-posix, hacc-shared-posix, hacc-shared-mpiio; btio-simple, btio-full),
# ab2 runs them B then A, so that a drift of the load does not favour one twin.
cd /tmp/labels40/run
A1="hacc-fpp-posix hacc-shared-posix hacc-shared-mpiio vpic e3sm btio-simple btio-full flash mad restart"
for n in $A1; do LOGS=reruns PFX=r40-labels40-ab1- ONLY=$n ./src/run_all.sh | grep -v '^    '; done
A2="hacc-shared-mpiio hacc-shared-posix hacc-fpp-posix vpic e3sm btio-full btio-simple flash mad restart"
for n in $A2; do LOGS=reruns PFX=r40-labels40-ab2- ONLY=$n ./src/run_all.sh | grep -v '^    '; done
ls -l reruns | tail -n +2 | awk '{print "   ", $5, $9}'
