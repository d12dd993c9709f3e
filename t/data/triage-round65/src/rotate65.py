#!/usr/bin/python3
"""Round 65: a numpy diffusion model that checkpoints with np.save every EVERY steps to a temp name,
os.replace's it to ckpt_STEP.npy, and keeps the last KEEP (os.unlink of older ones).
Usage: rotate65.py MIB STEPS SWEEPS EVERY KEEP DIR"""
import os, sys, time
import numpy as np

mc, steps, sweeps, every, keep, d = (*map(int, sys.argv[1:6]), sys.argv[6])
rng = np.random.default_rng(65)
u = rng.random(mc * 1024 * 1024 // 8)  # MIB MiB of doubles
kept = []
t0 = time.time()
for st in range(1, steps + 1):
    for _ in range(sweeps):
        u = 0.5 * u + 0.25 * (np.roll(u, 1) + np.roll(u, -1))
    if st % every == 0:
        tmp = os.path.join(d, "ckpt.tmp.npy")
        np.save(tmp, u)
        path = os.path.join(d, "ckpt_%05d.npy" % st)
        os.replace(tmp, path)
        kept.append(path)
        while len(kept) > keep:
            os.unlink(kept.pop(0))
print("rotate: %.3f s, %d checkpoints kept" % (time.time() - t0, len(kept)))
