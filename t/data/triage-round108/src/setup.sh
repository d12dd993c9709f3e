#!/bin/bash
# Round 108: inputs made before the runs, not under Darshan nor the throttle: 32 (local) and 8 (mount) trial configs,
# 3000 4 KiB samples plus their packed shard on local disk and on the mount, the infer108 binary.
R=/tmp/labels108/run; S=/tmp/labels108/src; T=/tmp/labels108/mnt; P=/usr/bin/python3
mkdir -p $R && cd $R && mpicc -O2 -Wall -o infer108 $S/infer108.c -lm
rm -rf sw $T/sw; $P $S/sweep108.py mkconf sw 32; $P $S/sweep108.py mkconf $T/sw 8
$P $S/mksamples.py inf 3000; $P $S/mksamples.py $T/inf 3000; sync
