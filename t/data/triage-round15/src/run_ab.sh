#!/bin/sh
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs: the labelled program (A) against
# its better twin (B), pairs ${KS:-1 2}; each program prints its own time (the slowest rank's)
DIR=reruns; . /tmp/labels15/run/src/run_labelled.sh
for k in ${KS:-1 2}; do
	SFX=-ab$k
	rm -f out/tr.dat; mpi trunc-each 4 ./par15 trunc out/tr.dat 32 each
	rm -f out/tr.dat; mpi trunc-first 4 ./par15 trunc out/tr.dat 32 first
	rm -f out/ck/*; mpi ckpt-twice 4 ./par15 ckpt out/ck 64 2
	rm -f out/ck/*; mpi ckpt-once 4 ./par15 ckpt out/ck 64 1
	rm -f out/g.dat; mpi rank0-gather 8 ./par15 gather out/g.dat 8 3 rank0
	rm -f out/g.dat; mpi all-write 8 ./par15 gather out/g.dat 8 3 all
	rm -f out/st/*; SHIM=/tmp/labels15/run/slowopen.so SLOWOPEN_MATCH=part.2 SLOWOPEN_RANK=2 SLOWOPEN_S=3 mpi slow-open 4 ./par15 stall out/st 32
	rm -f out/st/*; mpi no-stall 4 ./par15 stall out/st 32
	ser misalign-4k ./ser15 misalign out/mis.dat 256 4096
	ser aligned ./ser15 misalign out/mis.dat 256 0
	./ser15 dontneed in/g256.dat; ser mmap-read ./ser15 mmapread in/g256.dat
	./ser15 dontneed in/g256.dat; ser read-1m ./ser15 seqread in/g256.dat 1024
	./ser15 dontneed in/g2.dat; ser seq-64k ./ser15 seqread in/g2.dat 64
	./ser15 dontneed in/g2.dat; ser seq-1m ./ser15 seqread in/g2.dat 1024
	./ser15 dontneed in/g256.dat; ser open-per-read ./ser15 openper in/g256.dat 64 each
	./ser15 dontneed in/g256.dat; ser open-once ./ser15 openper in/g256.dat 64 once
	rm -f out/t.h5; ser h5-tiny ./h5tiny out/t.h5 5000 many
	rm -f out/t.h5; ser h5-one ./h5tiny out/t.h5 5000 one
done
