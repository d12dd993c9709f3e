"""heat32.py: a numpy heat-diffusion run as a user writes it (round 32 of issue 34's labelled sets).
Every step: ITERS Jacobi iterations of a 2-D field (real arithmetic), then the values at PROBES probe
lines are saved. usage: heat32.py OUTDIR STEPS ITERS PROBES many|one
  many: one small .npy a probe a step, in a directory a step (out/step_0001/probe_037.npy)
  one:  the twin: the probes of a step stacked into one .npy a step"""
import os, sys, time
import numpy as np

out, steps, iters, nprobe, how = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
n = 1024
u = np.zeros((n, n))
u[0, :] = 1.0
u[:, 0] = np.linspace(0.0, 1.0, n)
rows = np.linspace(1, n - 2, nprobe).astype(int)
t0 = time.perf_counter()
iot = 0.0
for s in range(1, steps + 1):
    for _ in range(iters):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    a = time.perf_counter()
    probes = u[rows, :1000].copy()   # 1000 samples a probe line
    if how == "many":
        d = os.path.join(out, "step_%04d" % s)
        os.makedirs(d, exist_ok=True)
        for p in range(nprobe):
            np.save(os.path.join(d, "probe_%03d.npy" % p), probes[p])
    else:
        np.save(os.path.join(out, "probes_%04d.npy" % s), probes)
    iot += time.perf_counter() - a
print("heat32 %s: %.3f s (own I/O clock %.3f s)" % (how, time.perf_counter() - t0, iot))
