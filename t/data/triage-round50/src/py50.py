#!/usr/bin/python3
"""py50: round 50's Python/numpy programs (issue 34), serial.
usage: py50.py eig IN.npy OUT.npy N        load a matrix, N rounds of symmetric eigen-decomposition and products,
                                           save the result (compute-bound, little I/O)
       py50.py rows OUT.txt NROWS          per row: a numpy computation, then np.savetxt of the row appended to
                                           OUT.txt and flushed (killed by a signal mid-run in round 50)
       py50.py slab IN.npy full|mmap R0 R1 uses rows R0:R1 of a large array: np.load of all of it (full) or
                                           np.load(mmap_mode='r') and a copy of the rows used (mmap), then compute
"""
import sys
import time
import numpy as np


def eig(inp, out, n):
    a = np.load(inp)
    m = (a + a.T) / 2.0
    acc = np.zeros(m.shape[0])
    for k in range(n):
        w, vec = np.linalg.eigh(m + k * 1e-3 * np.eye(m.shape[0]))
        acc += w
        m = vec.T @ m @ vec / (1.0 + np.abs(w).max())
    np.save(out, acc)


def rows(out, nrows):
    rng = np.random.default_rng(50)
    a = rng.standard_normal((400, 400))
    with open(out, "w") as f:
        for r in range(nrows):
            b = a @ a.T / 400.0 + r * 1e-6
            w = np.linalg.eigvalsh(b)
            np.savetxt(f, w[None, :16], fmt="%.10e")
            f.flush()


def slab(inp, how, r0, r1):
    if how == "full":
        a = np.load(inp)
        s = a[r0:r1]
    else:
        a = np.load(inp, mmap_mode="r")
        s = np.array(a[r0:r1])
    g = s.T @ s
    for _ in range(6):
        g = np.linalg.eigvalsh(g + g.T)[None, :] * np.ones_like(g) / g.shape[0] + g * 0.5
    print("slab %s rows %d:%d trace %.6e" % (how, r0, r1, np.trace(g)))


def main():
    t0 = time.time()
    mode = sys.argv[1]
    if mode == "eig":
        eig(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif mode == "rows":
        rows(sys.argv[2], int(sys.argv[3]))
    elif mode == "slab":
        slab(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit("py50: bad mode " + mode)
    print("py50 %s: wall %.3f s" % (mode, time.time() - t0))


if __name__ == "__main__":
    main()
