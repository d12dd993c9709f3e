#!/bin/bash
# Round 50's inputs, made once in /tmp/labels50/run (outside the cgroup, without Darshan) before the runs.
cd /tmp/labels50/run && mkdir -p in/tab out logs
# 256 table files of 40-159 lines (1.0-4.1 KB), 64 a rank for open-tables
awk 'BEGIN{srand(50); for(t=0;t<256;t++){f=sprintf("in/tab/tab.%03d",t); n=int(40+rand()*120); for(i=0;i<n;i++) printf "%d %.8f %.8f\n", i, rand(), rand()*100 > f; close(f)}}'
cp /work/labels50/t/data/triage-round50/src/solve.nml /work/labels50/t/data/triage-round50/src/diag.nml in/
# 1.5 M words (13.2 MB) for sort-pipe; a 29.6 MB job log whose first 10 MiB xz-pack compresses
awk 'BEGIN{srand(51); split("alpha beta gamma delta omega sigma kappa theta lambda zeta rho tau phi chi psi eta", w, " "); for(i=0;i<1500000;i++) print w[1+int(rand()*16)] int(rand()*3000)}' > in/words.txt
awk 'BEGIN{srand(52); for(i=0;i<330000;i++) printf "2026-11-30T%02d:%02d:%02d node%03d job %d step %d resid %.9e flux %.6f ok\n", int(i/36000)%24, int(i/600)%60, int(i/10)%60, int(rand()*256), 100000+int(rand()*50), i, rand()*1e-3, rand()*10}' > in/log24.txt
head -c 10485760 in/log24.txt > in/log10.txt
# an 8 MiB matrix (local) and a 192 MiB array of 24576 x 1024 doubles on the throttled disk (after throttle.sh up)
/usr/bin/python3 -c "
import numpy as np
r=np.random.default_rng(50)
np.save('in/mat.npy', r.standard_normal((1024,1024)))
np.save('/tmp/labels50/mnt/in/big.npy', r.standard_normal((24576,1024)))
"
