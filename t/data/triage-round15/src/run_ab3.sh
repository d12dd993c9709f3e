#!/bin/sh
# A B pairs for coll16 (collective 2 MiB blocks) against the same blocks through independent MPI_File_write_at
DIR=reruns; . /tmp/labels15/run/src/run_labelled.sh
for k in ${KS:-1 2 3}; do
	SFX=-ab$k
	rm -f out/c16.dat; mpi coll16 16 ./par15 coll out/c16.dat 16
	rm -f out/c16.dat; mpi indep16 16 ./par15 coll out/c16.dat 16 indep
done
