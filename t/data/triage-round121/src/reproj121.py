# Round 121 (labels121): reprojection of satellite granules onto a map grid with a multiprocessing
# ThreadPool of 4 workers (one process, so one Darshan log). The lookup table (row index of every output
# pixel) is read once and shared; each worker reads whole granules and writes one reprojected tile each.
# usage: reproj121.py LUT GRANDIR NGRAN OUTDIR
import sys, os
import numpy as np
from multiprocessing.pool import ThreadPool

lut_path, gdir, ngran, odir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lut = np.fromfile(lut_path, dtype=np.int32)          # read once, shared by all workers

def reproject(g):
    gran = np.fromfile(os.path.join(gdir, "granule_%05d.dat" % g), dtype=np.uint8)
    tile = gran[lut % gran.size].reshape(-1, 1024).astype(np.float32).mean(axis=1)
    tile.astype(np.float32).tofile(os.path.join(odir, "tile_%05d.f32" % g))
    return float(tile.mean())

with ThreadPool(4) as pool:
    means = pool.map(reproject, range(ngran))
print("granules %d mean %.3f" % (ngran, sum(means) / len(means)))
