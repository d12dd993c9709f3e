"""post125.py: Python/numpy post-processing of an electronic-structure run (round 125, labels125).

usage: post125.py bands DIR NK      read DIR/eig/EIG.kNNNN (one small text file a k-point) once each,
                                    write DIR/bands.dat (the band structure along the path)
       post125.py pdos DIR NB once|perband
                                    projected DOS from DIR/WAVEDAT (a float32 array NB bands x NPW):
                                    'perband' re-reads the whole file for every band (np.fromfile,
                                    then keeps one row), 'once' reads it once
"""
import os
import sys

import numpy as np


def bands(d, nk):
    rows = []
    for k in range(nk):
        with open(os.path.join(d, "eig", "EIG.k%04d" % k)) as f:
            f.readline()
            rows.append([float(x) for x in f.read().split()])
    e = np.array(rows)
    gap = e[:, e.shape[1] // 2].min() - e[:, e.shape[1] // 2 - 1].max()
    np.savetxt(os.path.join(d, "bands.dat"), e, fmt="%.6f")
    print("bands %d x %d, gap %.4f eV" % (e.shape[0], e.shape[1], gap))


def pdos(d, nb, mode):
    path = os.path.join(d, "WAVEDAT")
    npw = os.path.getsize(path) // 4 // nb
    hist = np.zeros(200)
    whole = None if mode == "perband" else np.fromfile(path, dtype=np.float32).reshape(nb, npw)
    for b in range(nb):
        psi = (np.fromfile(path, dtype=np.float32).reshape(nb, npw) if mode == "perband" else whole)[b]
        w = psi.astype(np.float64) ** 2
        h, _ = np.histogram(np.abs(psi), bins=200, range=(0.0, 1.0), weights=w)
        hist += h
    np.savetxt(os.path.join(d, "PDOS.dat"), hist, fmt="%.8e")
    print("pdos over %d bands of %d coefficients: %.6f" % (nb, npw, hist.sum()))


if __name__ == "__main__":
    if sys.argv[1] == "bands":
        bands(sys.argv[2], int(sys.argv[3]))
    else:
        pdos(sys.argv[2], int(sys.argv[3]), sys.argv[4])
