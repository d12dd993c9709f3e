#!/bin/sh
. /tmp/labels15/run/src/run_labelled.sh
rm -f out/tr.dat; mpi trunc-each 4 ./par15 trunc out/tr.dat 32 each
rm -f out/ck/*; mpi ckpt-twice 4 ./par15 ckpt out/ck 64 2
rm -f out/g.dat; mpi rank0-gather 8 ./par15 gather out/g.dat 8 3 rank0
rm -f out/st/*; SHIM=/tmp/labels15/run/slowopen.so SLOWOPEN_MATCH=part.2 SLOWOPEN_RANK=2 SLOWOPEN_S=3 mpi slow-open 4 ./par15 stall out/st 32
rm -f out/nn/*; mpi nn-ckpt16 16 ./par15 ckpt out/nn 64 1
ser misalign-4k ./ser15 misalign out/mis.dat 256 4096
./ser15 dontneed in/g256.dat; ser mmap-read ./ser15 mmapread in/g256.dat
./ser15 dontneed in/g2.dat; ser seq-64k ./ser15 seqread in/g2.dat 64
./ser15 dontneed in/g256.dat; ser open-per-read ./ser15 openper in/g256.dat 64 each
ser du-tree du -sk in/tree
rm -f out/t.h5; ser h5-tiny ./h5tiny out/t.h5 5000 many
