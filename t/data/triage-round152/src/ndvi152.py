#!/usr/bin/python3
# Round 152 (labels152): serial GIS batch job. For each scene, read its red and near-infrared bands (float32, whole,
# numpy.fromfile), compute NDVI, write it whole (tofile), and write a GDAL-style .aux.xml sidecar of band statistics
# line by line (small STDIO writes).
import sys, os, numpy as np
d, nscenes, npx = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for s in range(nscenes):
    red = np.fromfile(os.path.join(d, "scene%02d_B04.raw" % s), dtype=np.float32)
    nir = np.fromfile(os.path.join(d, "scene%02d_B08.raw" % s), dtype=np.float32)
    ndvi = (nir - red) / (nir + red + 1e-6)
    for _ in range(4):   # cloud mask and smoothing passes
        ndvi = np.where(ndvi > 0.95, 0.0, ndvi) * 0.999 + 0.001 * np.roll(ndvi, 1)
    ndvi.astype(np.float32).tofile(os.path.join(d, "scene%02d_NDVI.raw" % s))
    with open(os.path.join(d, "scene%02d_NDVI.raw.aux.xml" % s), "w") as f:
        f.write("<PAMDataset>\n  <PAMRasterBand band=\"1\">\n    <Metadata>\n")
        for k, v in (("MINIMUM", ndvi.min()), ("MAXIMUM", ndvi.max()), ("MEAN", ndvi.mean()), ("STDDEV", ndvi.std())):
            f.write("      <MDI key=\"STATISTICS_%s\">%.6f</MDI>\n" % (k, v))
        hist = np.histogram(ndvi, bins=64, range=(-1, 1))[0]
        for i, h in enumerate(hist):
            f.write("      <MDI key=\"HIST_%02d\">%d</MDI>\n" % (i, h))
        f.write("    </Metadata>\n  </PAMRasterBand>\n</PAMDataset>\n")
print("ndvi: %d scenes of %d px" % (nscenes, npx))
