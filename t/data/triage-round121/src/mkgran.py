# Round 121: writes NGRAN granules of 4 MiB (random bytes) and a lookup table, outside any Darshan log.
import sys, os
import numpy as np
d, n = sys.argv[1], int(sys.argv[2])
os.makedirs(d, exist_ok=True)
rng = np.random.default_rng(121)
for g in range(n):
    rng.integers(0, 256, 4 << 20, dtype=np.uint8).tofile(os.path.join(d, "granule_%05d.dat" % g))
rng.integers(0, 1 << 22, 2 << 20, dtype=np.int32).tofile(os.path.join(d, "lut.i32"))
