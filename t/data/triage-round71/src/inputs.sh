#!/bin/bash
# Round 71's inputs, made without Darshan and outside the cgroup: a checkpoint of the hierarchy written at
# 4 ranks (for the 6-rank restart) and a series of 8 plotfiles (for the post-processing script).
R=/tmp/labels71/run; cd $R; rm -rf in; mkdir -p in/chk in/plt
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
$M -np 4 ./app71 ckpt 30 30 1 20 in/chk 1 buf 0 1000
$M -np 4 ./app71 plot 32 4 1 12 in/plt 2 buf 0 4
du -sh in/chk in/plt
