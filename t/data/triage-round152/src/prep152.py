#!/usr/bin/python3
# Round 152 input data (run without Darshan): scene bands for ndvi, tiles + 96-B footprint index for mosaic.
import sys, os, numpy as np
what, d = sys.argv[1], sys.argv[2]
os.makedirs(d, exist_ok=True)
rng = np.random.default_rng(152)
if what == "scenes":
    n, npx = int(sys.argv[3]), int(sys.argv[4])
    for s in range(n):
        for b in ("B04", "B08"):
            rng.random(npx, dtype=np.float32).tofile(os.path.join(d, "scene%02d_%s.raw" % (s, b)))
elif what == "mosaic":
    n, tb = int(sys.argv[3]), int(sys.argv[4])
    idx = np.zeros((n, 12))
    for i in range(n):
        idx[i, :4] = ((i % 4) * 1024, (i // 4) * 1024, 1024, 1024)
        idx[i, 4:] = rng.random(8)
        rng.random(tb // 4, dtype=np.float32).tofile(os.path.join(d, "tile-%03d.raw" % i))
    idx.tofile(os.path.join(d, "footprints.idx"))
