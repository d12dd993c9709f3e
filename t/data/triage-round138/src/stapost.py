# stapost.py (round 138, labels138): post-processing of a coastal run's tide-gauge stations, serial numpy.
# usage: stapost.py DIR NSTA NITER
# Reads DIR/sta.NN (one text time series a station, written by the model's owner ranks), fits the
# M2/S2/K1/O1 tidal constituents by least squares, and bootstraps their amplitudes (NITER resamples).
import sys
import numpy as np

d, nsta, nit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
per = np.array([12.4206, 12.0, 23.9345, 25.8193])  # hours
rng = np.random.default_rng(138)
amps = []
for s in range(nsta):
    a = np.loadtxt("%s/sta.%02d" % (d, s))
    t, z = a[:, 0] * 0.25, a[:, 1]
    w = 2 * np.pi / per
    A = np.column_stack([np.ones_like(t), np.cos(np.outer(t, w)), np.sin(np.outer(t, w))])
    boot = []
    for _ in range(nit):
        i = rng.integers(0, len(t), len(t))
        c, *_ = np.linalg.lstsq(A[i], z[i], rcond=None)
        boot.append(np.hypot(c[1:5], c[5:9]))
    amps.append(np.mean(boot, axis=0))
amps = np.array(amps)
print("stations %d  mean M2 amplitude %.4f  S2 %.4f  K1 %.4f  O1 %.4f" % ((nsta,) + tuple(amps.mean(axis=0))))
