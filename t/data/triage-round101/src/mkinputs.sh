#!/bin/bash
# Round 101's inputs: 1200 gauge files (seeded), a 64 MiB forcing grid and a 300-step x 16384-cell float grid (random bytes).
R=/tmp/labels101/run; mkdir -p $R/in/gauges; cd $R
head -c $((64<<20)) /dev/urandom > in/forcing.bin; head -c $((300*16384*4)) /dev/urandom > in/cells.bin
python3 -c '
import random
random.seed(101)
for i in range(1200):
    with open("in/gauges/gauge-%04d.csv"%i,"w") as f:
        f.write("%.3f\n"%random.random()+"".join("2026-01-%02d,%.2f,%.2f\n"%(d%28+1,random.random()*10,random.random()) for d in range(20)))
'
