#!/usr/bin/env python3
"""stepsave61.py: a numpy diffusion model that saves a snapshot every few steps from a writer
thread (concurrent.futures), so np.save's write(2) runs while the next steps compute (numpy
releases the GIL in both). Usage: stepsave61.py N STEPS EVERY OUTDIR thread|sync"""
import sys
from concurrent.futures import ThreadPoolExecutor
import numpy as np

n, steps, every, out, mode = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
u = np.linspace(0.0, 1.0, n * n).reshape(n, n)
pool = ThreadPoolExecutor(max_workers=1) if mode == "thread" else None
pending = None
for s in range(1, steps + 1):
    u[1:-1, 1:-1] = u[1:-1, 1:-1] + 0.2 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 * u[1:-1, 1:-1])
    if s % every == 0:
        snap = u.copy()
        name = "%s/snap%04d.npy" % (out, s // every)
        if pool:
            if pending:
                pending.result()
            pending = pool.submit(np.save, name, snap)
        else:
            np.save(name, snap)
if pending:
    pending.result()
print("done", float(u.sum()))
