"""Round 143 surrogate trainer: fit a polynomial surrogate of the ensemble's quantity of interest (QoI)
against its two parameters, with bootstrap resampling for the surrogate's uncertainty.
sur143.py files DIR NMEM NBOOT : reads DIR/params.txt and the NMEM members' DIR/out/m-NNNN.res (text first line)
sur143.py bytes FILE NMEM NBOOT : reads the gathered DIR/qoi.bin (float64 QoI time series, NMEM rows) one 8-byte
    value per read() call on an unbuffered file (how a hand-written reader ported from a Fortran loop does it)
sur143.py bulk FILE NMEM NBOOT : the same file with one np.fromfile
"""
import sys, glob, os
import numpy as np

def features(k, s):
    return np.stack([np.ones_like(k), k, s, k * k, k * s, s * s, k ** 3, s ** 3], axis=1)

def fit(X, y, nboot):
    rng = np.random.default_rng(143)
    coefs = []
    for _ in range(nboot):
        i = rng.integers(0, len(y), len(y))
        c, *_ = np.linalg.lstsq(X[i], y[i], rcond=None)
        coefs.append(c)
    return np.array(coefs)

def load_files(d, nmem):
    p = np.loadtxt(os.path.join(d, "params.txt"))
    q = np.empty(nmem)
    for m in range(nmem):
        with open(os.path.join(d, "out", "m-%04d.res" % m)) as f:
            q[m] = float(f.readline().split()[1])
    return p[:nmem, 1], p[:nmem, 2], q

def load_series(path, nmem, how):
    if how == "bulk":
        a = np.fromfile(path, dtype=np.float64)
    else:
        n = os.path.getsize(path) // 8
        a = np.empty(n)
        with open(path, "rb", buffering=0) as f:
            for i in range(n):
                a[i] = np.frombuffer(f.read(8), dtype=np.float64)[0]
    return a.reshape(nmem, -1)

def main():
    how, src, nmem, nboot = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    if how == "files":
        k, s, q = load_files(src, nmem)
    else:
        ser = load_series(src, nmem, how)
        p = np.loadtxt(os.path.join(os.path.dirname(src), "params.txt"))
        k, s, q = p[:nmem, 1], p[:nmem, 2], ser.mean(axis=1)
    c = fit(features(k, s), q, nboot)
    out = os.path.join(os.path.dirname(os.path.abspath(src)) if how != "files" else src, "surrogate.npy")
    np.save(out, c)
    print("surrogate: %d members, %d bootstraps, coef0 %.6e +- %.3e" % (nmem, nboot, c[:, 0].mean(), c[:, 0].std()))

main()
