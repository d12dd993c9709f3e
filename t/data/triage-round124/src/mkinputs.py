# Round 124 (labels124): the inputs (not part of any log): observation files and background for var4d,
# forecast/analysis fields for verification, the reanalysis file for extract.
import sys, os, numpy as np
d, rea = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(124)
os.makedirs(d + "/obs", exist_ok=True); os.makedirs(d + "/fc", exist_ok=True); os.makedirs(d + "/an", exist_ok=True)
for k in range(24):
    rng.standard_normal(int(rng.integers(4000, 30000))).tofile("%s/obs/obs%02d.bin" % (d, k))
rng.standard_normal(4 * 4 * 131072).tofile(d + "/background.bin")
for k in range(60):
    a = rng.standard_normal(64 * 64 * 16).astype(np.float32)
    a.tofile("%s/an/an%03d.bin" % (d, k)); (a + 0.1 * rng.standard_normal(a.size).astype(np.float32)).tofile("%s/fc/fc%03d.bin" % (d, k))
rng.standard_normal(64 * 64 * 8760).astype(np.float32).tofile(rea)
