# Makes NFILES ntuple files of NEV events, 16 branches (layout: ana131.py). Not run under Darshan.
import sys, numpy as np
d, nf, nev = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]); rng = np.random.default_rng(7)
for k in range(nf):
    with open('%s/ntuple-%03d.bin' % (d, k), 'wb') as f:
        h = np.zeros(512, dtype=np.int64); h[0] = nev; f.write(h.tobytes())
        for b in range(16):
            a = rng.normal(100, 15, nev) if b == 3 else rng.normal(0, 2, nev) if b == 7 else rng.random(nev)
            f.write(a.astype(np.float64).tobytes())
