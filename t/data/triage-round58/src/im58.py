#!/usr/bin/python3
"""Round 58's image-stack reduction (light-sheet / cryo-EM style): read a directory of N raw 16-bit frames
(one np.fromfile each, 1-8 MiB), background-subtract and smooth each, keep mean and max projections, np.save them.
usage: im58.py gen DIR N ROWS COLS | im58.py reduce DIR N OUT REPS"""
import sys, time, numpy as np

def gen(d, n, rows, cols):
    rng = np.random.default_rng(58)
    for i in range(n):
        rng.integers(0, 4096, size=(rows, cols), dtype=np.uint16).tofile(f"{d}/img{i:04d}.raw")

def reduce(d, n, out, reps, rows=1024, cols=2048):
    t0 = time.time()
    mean = None
    for i in range(n):
        a = np.fromfile(f"{d}/img{i:04d}.raw", dtype=np.uint16).astype(np.float32)
        a = a.reshape(rows, -1)
        for _ in range(reps):  # a 3-tap smoothing along rows and columns, background subtraction
            a = (a + np.roll(a, 1, 0) + np.roll(a, -1, 1)) / 3.0
            a -= np.median(a[::16, ::16])
        mean = a if mean is None else mean + a
        mx = a if i == 0 else np.maximum(mx, a)
    np.save(out + "-mean.npy", mean / n)
    np.save(out + "-max.npy", mx)
    print(f"reduce: {time.time() - t0:.3f} s")

if sys.argv[1] == "gen":
    gen(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
else:
    reduce(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
