#!/usr/bin/python3
"""Round 76: the post-processor. Decodes the model's GRIB-like messages hour by hour (one read for the
header, one for the packed field), derives products (level means, vertical gradient, a smoothed field and
its Laplacian per variable) and writes one product file an hour (temp file + rename).
usage: post76.py FCFILE OUTDIR SMOOTH"""
import os, struct, sys
import numpy as np

HDR = struct.Struct("<4sIHHHHIIdd24x")

def main():
    fc, outdir, smooth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    fields = {}
    with open(fc, "rb") as f:
        while True:
            raw = f.read(HDR.size)
            if len(raw) < HDR.size:
                break
            magic, ln, hour, var, lev, _, nx, ny, ref, scale = HDR.unpack(raw)
            if magic != b"GRIB":
                sys.exit("post76: not a forecast message")
            data = np.frombuffer(f.read(2 * nx * ny), dtype="<u2").reshape(ny, nx)
            f.read(4)
            fields.setdefault(hour, {})[(var, lev)] = ref + scale * data.astype(np.float64)
    for hour in sorted(fields):
        fl = fields[hour]
        out = []
        for var in sorted({v for v, _ in fl}):
            cube = np.stack([fl[(var, l)] for l in sorted(l for v, l in fl if v == var)])
            s = cube.mean(axis=0)
            for _ in range(smooth):
                s = 0.2 * (s + np.roll(s, 1, 0) + np.roll(s, -1, 0) + np.roll(s, 1, 1) + np.roll(s, -1, 1))
            lap = np.roll(s, 1, 0) + np.roll(s, -1, 0) + np.roll(s, 1, 1) + np.roll(s, -1, 1) - 4 * s
            out += [s, np.diff(cube, axis=0).mean(axis=0), lap]
        tmp = os.path.join(outdir, ".prod_f%03d.npy.tmp" % hour)
        with open(tmp, "wb") as o:
            np.save(o, np.stack(out).astype(np.float32))
        os.rename(tmp, os.path.join(outdir, "prod_f%03d.npy" % hour))
    print("post: %d hours" % len(fields))

main()
