#!/bin/sh
# more A B pairs (3-5) for the three stakes the first two pairs left unclear: ckpt-twice, rank0-gather, seq-64k
DIR=reruns; . /tmp/labels15/run/src/run_labelled.sh
for k in ${KS:-3 4 5}; do
	SFX=-ab$k
	rm -f out/ck/*; mpi ckpt-twice 4 ./par15 ckpt out/ck 64 2
	rm -f out/ck/*; mpi ckpt-once 4 ./par15 ckpt out/ck 64 1
	rm -f out/g.dat; mpi rank0-gather 8 ./par15 gather out/g.dat 8 3 rank0
	rm -f out/g.dat; mpi all-write 8 ./par15 gather out/g.dat 8 3 all
	./ser15 dontneed in/g2.dat; ser seq-64k ./ser15 seqread in/g2.dat 64
	./ser15 dontneed in/g2.dat; ser seq-1m ./ser15 seqread in/g2.dat 1024
done
