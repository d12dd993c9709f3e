#!/bin/bash
# Round 70's local inputs in /tmp/labels70/run/in (outside Darshan): 300 small config files, a fixture,
# a text mesh (awk, srand(70)), and 3 result fields as .npy (2048x2048 doubles, numpy seed 70).
set -e
I=/tmp/labels70/run/in; mkdir -p $I/cfg
for i in $(seq -w 0 299); do awk -v i=$i 'BEGIN{srand(i+70); for(k=0;k<12;k++) printf "mod%s.opt%02d = %d\n", i, k, int(rand()*1e6)}' > $I/cfg/mod$(printf %03d $((10#$i))).cfg; done
head -c 65536 /dev/urandom > $I/fixture.dat
awk 'BEGIN{srand(70); N=150000; for(i=0;i<N;i++) printf "v %.6f %.6f %.6f\n", rand(), rand(), rand();
  for(j=0;j<600000;j++) printf "t %d %d %d %d\n", 1+int(rand()*N), 1+int(rand()*N), 1+int(rand()*N), 1+int(rand()*N)}' > $I/mesh.txt
/usr/bin/python3 -c '
import numpy as np
r = np.random.default_rng(70)
for k in range(3): np.save("'$I'/field%d.npy" % k, r.standard_normal((2048, 2048)))'
