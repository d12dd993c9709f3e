# Round 56: a serial numpy job (power iteration on a dense random matrix, a Monte Carlo estimate a step);
# every NSAVE steps it np.save's the current vectors and a 1024x1024 slice of work (8 MiB) to its own .npy
# file, and at the end np.load's them all back for a summary. Usage: python3 mc56.py N STEPS NSAVE OUTDIR
import sys, time
import numpy as np
n, steps, nsave, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(56)
a = rng.standard_normal((n, n))
x = np.ones(n)
t0 = time.time()
saved = []
for st in range(1, steps + 1):
    x = a @ x
    x /= np.linalg.norm(x)
    w = a[:1024, :1024] @ a[:1024, :1024].T
    est = np.mean(rng.random(200000) ** 2)
    if st % nsave == 0:
        fn = "%s/mc.%04d.npy" % (out, st)
        np.save(fn, w)
        saved.append(fn)
tot = sum(float(np.load(f).trace()) for f in saved)
print("mc56: %.3f s (check %.6e %.4f)" % (time.time() - t0, tot, est))
