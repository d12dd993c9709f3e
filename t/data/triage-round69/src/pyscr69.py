# Round 69: a Python/numpy post-HF-style loop: each iteration builds a 2000x2000 intermediate (matmul),
# np.save's it to a scratch file, and the next iteration np.load's the previous one; the scratch files are
# left on disk at the end (no cleanup).  Usage: pyscr69.py DIR ITERS N.  Prints its own time.
import sys, time
import numpy as np
d, iters, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t0 = time.time()
rng = np.random.default_rng(69)
a = rng.standard_normal((n, n)) / n
prev = None
e = 0.0
for it in range(iters):
    m = a @ a.T + np.eye(n) * (it + 1)
    if prev is not None:
        m += np.load(prev) * 0.5
    prev = "%s/scr%03d.npy" % (d, it)
    np.save(prev, m)
    e += float(np.trace(m))
print("E = %.6f" % e)
print("time %.3f s" % (time.time() - t0))
