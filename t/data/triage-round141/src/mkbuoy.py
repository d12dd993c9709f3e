# Round 141: inputs of metocean.py: 365 daily buoy files (24 hourly lines: hour, Hs m, Tp s, wind m/s).
import os, sys
import numpy as np
d = sys.argv[1]; os.makedirs(d, exist_ok=True)
rng = np.random.default_rng(1410)
for day in range(365):
    hs = 1.5 + 1.0 * np.sin(2 * np.pi * day / 365) + rng.gamma(2.0, 0.3, 24)
    with open("%s/buoy-%03d.txt" % (d, day), "w") as f:
        for h in range(24):
            f.write("%d,%.3f,%.2f,%.2f\n" % (h, hs[h], 6 + 2 * hs[h] ** 0.5, 3 * hs[h] + rng.normal(0, 1)))
