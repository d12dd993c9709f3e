# Round 132 (labels132): post-processing extraction from simulation dumps (viz-postproc).
# Each dump holds NVAR node variables stored one after another (struct of arrays, float64).
# The script wants one variable (von Mises stress) of every dump for a histogram and a time history.
#   whole: np.fromfile of the whole dump, then takes the one variable (reads NVAR times what it needs)
#   slice: seeks to the variable and reads only it
import sys, glob, numpy as np
mode, d, nvar, var = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
hist = []
for p in sorted(glob.glob(d + "/dump.*.bin")):
    if mode == "whole":
        a = np.fromfile(p, dtype=np.float64)
        v = a.reshape(nvar, -1)[var]
    else:
        with open(p, "rb") as f:
            n = f.seek(0, 2) // 8 // nvar
            f.seek(var * n * 8)
            v = np.fromfile(f, dtype=np.float64, count=n)
    h, _ = np.histogram(np.abs(v) % 1.0, bins=50)
    hist.append((float(np.mean(np.abs(v) % 1.0)), int(h.argmax())))
with open(d + "/vm_history.txt", "w") as o:
    for i, (m, b) in enumerate(hist):
        o.write("%d %.6f %d\n" % (i, m, b))
print("dumps", len(hist))
