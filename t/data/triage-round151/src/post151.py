#!/usr/bin/python3
"""Round 151 (labels151): post-processing of the S3D-like checkpoints (ckpt mode of app151.c).
For every checkpoint, read the 128-B header, then variable 0 (temperature) of every rank's block with one
np.fromfile a block (NPER doubles, contiguous), compute flame statistics, write one CSV line; then np.save the
time-averaged temperature field. usage: post151.py DIR NCK NPROCS NPER OUTDIR"""
import sys, os, numpy as np
d, nck, npr, nper, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
nvar = 8
acc = None
with open(os.path.join(out, "flamestats.csv"), "w") as csv:
    csv.write("ckpt,Tmin,Tmax,Tmean\n")
    for c in range(nck):
        p = os.path.join(d, "field-%03d.s3d" % c)
        with open(p, "rb") as f:
            hdr = f.read(128)
            parts = []
            for r in range(npr):
                f.seek(128 + r * nvar * nper * 8)
                parts.append(np.fromfile(f, dtype=np.float64, count=nper))
        T = np.concatenate(parts)
        for _ in range(20):
            T2 = np.sqrt(T * T + 1.0)
        acc = T2 if acc is None else acc + T2
        csv.write("%d,%.6f,%.6f,%.6f\n" % (c, T.min(), T.max(), T.mean()))
np.save(os.path.join(out, "Tmean.npy"), acc / nck)
print("post: %d checkpoints, %d values a checkpoint" % (nck, acc.size))
