# Round 52: a numpy 2-D reaction-diffusion model (one process) that keeps its state as numpy's own
# format: every EVERY steps one np.savez of the three fields (a zip of .npy members) into a new file.
# usage: python3 py52.py STEPS EVERY N OUTPREFIX
import sys, time
import numpy as np
steps, every, n, pfx = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
t0 = time.monotonic()
rng = np.random.default_rng(52)
a = np.ones((n, n)); b = np.zeros((n, n)); b[n//2-8:n//2+8, n//2-8:n//2+8] = 1; a += 0.01 * rng.random((n, n))
def lap(x):
    return np.roll(x, 1, 0) + np.roll(x, -1, 0) + np.roll(x, 1, 1) + np.roll(x, -1, 1) - 4 * x
for s in range(1, steps + 1):
    ab2 = a * b * b
    a += 0.16 * lap(a) - ab2 + 0.035 * (1 - a)
    b += 0.08 * lap(b) + ab2 - 0.095 * b
    if s % every == 0:
        np.savez(f"{pfx}_{s:05d}.npz", a=a, b=b, step=np.array([s]))
print(f"py52 steps {steps} n {n}: {time.monotonic() - t0:.3f} s, b sum {b.sum():.6g}")
