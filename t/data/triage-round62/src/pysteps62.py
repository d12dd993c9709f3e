#!/usr/bin/env python3
"""Round 62: a Python workflow step glued to the next by files. Each step computes on a numpy array (real
arithmetic), saves it with np.save to DIR/step.N.npy.tmp, renames it into place (os.replace) and touches a
marker DIR/step.N.done; every 10 steps it reads back the previous step's array, as the downstream task would,
after checking its marker with os.path.exists. Finally it rewrites DIR/manifest.json once.
usage: pysteps62.py DIR STEPS SIZE"""
import json, os, sys, time
import numpy as np

d, steps, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
a = np.arange(n * n, dtype=np.float64).reshape(n, n) % 17.0
t0 = time.time()
done = []
for s in range(steps):
    for _ in range(4):
        a = 0.5 * a + 0.25 * (np.roll(a, 1, 0) + np.roll(a, -1, 1)) + 1e-9
    a = a @ np.eye(n) * 0.999 + 0.001
    p = os.path.join(d, "step.%d.npy" % s)
    np.save(p + ".tmp", a)
    os.replace(p + ".tmp.npy", p)
    open(os.path.join(d, "step.%d.done" % s), "w").close()
    done.append(p)
    if s and s % 10 == 0 and os.path.exists(os.path.join(d, "step.%d.done" % (s - 1))):
        b = np.load(os.path.join(d, "step.%d.npy" % (s - 1)))
        a += 1e-12 * b
with open(os.path.join(d, "manifest.json.tmp"), "w") as f:
    json.dump({"steps": done, "sum": float(a.sum())}, f)
os.replace(os.path.join(d, "manifest.json.tmp"), os.path.join(d, "manifest.json"))
print("pysteps %d x %d, %d steps: %.3f s" % (n, n, steps, time.time() - t0))
