#!/usr/bin/python3
"""Round 63's post-processing job: per-variable statistics of a model history file laid out
[record][var][n] float64. Usage: py63.py HIST NREC NVAR N OUT each|once
each: for every variable, np.fromfile the whole file again and keep that variable (a loop "one variable at
a time", as scripts grow); once: read it once and slice."""
import sys
import numpy as np


def stats(x):
    """time mean, variance, a spectrum of the time series at every point, percentiles"""
    m = x.mean(axis=0)
    v = x.var(axis=0)
    sp = np.abs(np.fft.rfft(x - m, axis=0)).mean(axis=1)
    q = np.percentile(x[:, ::8], [5, 50, 95])
    return m.mean(), v.mean(), sp[:4], q


def main():
    hist, nrec, nvar, n, out, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
    lines = []
    whole = None
    for v in range(nvar):
        if mode == "each" or whole is None:
            whole = np.fromfile(hist, dtype=np.float64).reshape(nrec, nvar, n)
        m, va, sp, q = stats(whole[:, v, :])
        lines.append("var %d mean %.6e var %.6e spec %s q %s\n" % (v, m, va, np.array2string(sp, precision=4), np.array2string(q, precision=4)))
    with open(out + ".tmp", "w") as f:
        f.writelines(lines)
    import os
    os.rename(out + ".tmp", out)


if __name__ == "__main__":
    main()
