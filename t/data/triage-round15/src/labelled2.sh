#!/bin/sh
# three more labelled runs, after labelled.sh and the A B reruns (20:44)
. /tmp/labels15/run/src/run_labelled.sh
mkdir -p out/mx /dev/shm/labels15
rm -f out/c16.dat; mpi coll16 16 ./par15 coll out/c16.dat 16
rm -f out/mx/* /dev/shm/labels15/*; mpi mixed-fs 4 ./par15 mixedfs out/mx /dev/shm/labels15 128
ser seek-poll ./ser15 poll in/g256.dat 200000
