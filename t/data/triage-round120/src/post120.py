# post120: post-processing of app120's field diagnostics (triage round 120, labels120).
# usage: post120.py MODE DIR NSLICES NRANKS ; reads NSLICES time slices of DIR/fields.dat (each slice is
# NRANKS x 16384 float64), FFTs each and fits the growth rate of the strongest mode.
# MODE slice: opens the file once and reads each slice at its offset (the right way).
# MODE whole: reads the whole file again for every slice and keeps one slice (the problem).
import sys, numpy as np
mode, d, ns, nr = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
NF = 16384
path = d + "/fields.dat"
amps = []
f = open(path, "rb") if mode == "slice" else None
for k in range(ns):
    if mode == "slice":
        f.seek(k * nr * NF * 8)
        s = np.fromfile(f, dtype=np.float64, count=nr * NF)
    else:
        s = np.fromfile(path, dtype=np.float64)[k * nr * NF:(k + 1) * nr * NF]
    spec = np.abs(np.fft.rfft(s.reshape(nr, NF), axis=1)) ** 2
    for _ in range(3):
        spec = np.sqrt(spec + 1.0) * 0.5 + np.abs(np.fft.irfft(np.fft.rfft(spec, axis=1), n=spec.shape[1], axis=1)) * 0.5
    amps.append(spec.mean(axis=0).max())
if f: f.close()
t = np.arange(ns, dtype=float)
g = np.polyfit(t, np.log(np.array(amps) + 1e-30), 1)[0]
print("slices %d growth rate %.6e" % (ns, g))
