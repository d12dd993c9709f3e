#!/usr/bin/python3
"""cutouts110.py: round 110's serial cutout step (labels110). Reads a coadd FITS-like image (header read
whole: 4 blocks), measures N sources and writes a 64x64 float32 cutout of each as a FITS-like HDU
(1 header block + data padded to 2880 bytes).
  cutouts110.py COADD OUTDIR N WORK files   one small file per cutout (cut-NNNNN.fits)
  cutouts110.py COADD OUTDIR N WORK mef     all cutouts appended to one multi-extension file (16 MiB buffer)"""
import os, sys
import numpy as np

BLK, CARD = 2880, 80

def header(n, i):
    cards = ["SIMPLE  =                    T", "BITPIX  =                  -32", "NAXIS   =                    2",
             "NAXIS1  = %20d" % n, "NAXIS2  = %20d" % n, "OBJECT  = 'src%05d'" % i, "END"]
    return "".join(c.ljust(CARD) for c in cards).ljust(BLK).encode()

def main():
    coadd, out, n, work, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    with open(coadd, "rb") as f:
        h = f.read(4 * BLK)
        side = int(h[3 * CARD + 10:4 * CARD])
        img = np.frombuffer(f.read(side * side * 4), dtype=np.float32).reshape(side, side)
    rng = np.random.default_rng(110)
    os.makedirs(out, exist_ok=True)
    mef = open(os.path.join(out, "cutouts.fits"), "wb", buffering=1 << 24) if mode == "mef" else None
    flux = 0.0
    for i in range(n):
        y, x = rng.integers(32, side - 32, 2)
        cut = img[y - 32:y + 32, x - 32:x + 32].astype(np.float32)
        for _ in range(work):  # PSF photometry stand-in: a few smoothing passes
            cut = 0.5 * cut + 0.125 * (np.roll(cut, 1, 0) + np.roll(cut, -1, 0) + np.roll(cut, 1, 1) + np.roll(cut, -1, 1))
        flux += float(cut.sum())
        data = cut.astype(">f4").tobytes()
        blob = header(64, i) + data + b"\0" * (-len(data) % BLK)
        if mef:
            mef.write(blob)
        else:
            with open(os.path.join(out, "cut-%05d.fits" % i), "wb") as f:
                f.write(blob)
    if mef:
        mef.close()
    print("cutouts: %d sources, %s, flux %.6g" % (n, mode, flux))

main()
