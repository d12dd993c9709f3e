#!/bin/bash
# Round 87's inputs (labels87), made without Darshan and outside the throttle cgroup: events.root (600 baskets,
# 47 MiB of random "compressed" bytes), the calibration database packed (local and on the mount) and as 2000 files
# of 8 KiB on the mount, 40 jobs' histogram files for hadd.
R=/tmp/labels87/run; S=/tmp/labels87/src; T=/tmp/labels87/mnt
mkdir -p $R/parts; cd $R
$S/app87 gen events.root 600; $S/app87 genpacked calib.db 2000
$S/app87 gencal $T/calib 2000; $S/app87 genpacked $T/calib.db 2000
/usr/bin/python3 -c '
import numpy as np
r = np.random.default_rng(1)
for i in range(40):
    (r.normal(64, 12, (200, 4000)).clip(0, 127.9).astype(int)[:, :, None] == np.arange(128)).sum(1).astype(np.float64).tofile("parts/part-%03d.hist" % i)'
