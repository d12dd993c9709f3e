# Round 97: plot a monthly climatology from the concatenated time series (numpy), write a PGM image and a CSV.
import sys, numpy as np
ts = np.fromfile(sys.argv[1], dtype=np.float32)
m = ts.reshape(12, -1).mean(axis=1)
img = (np.outer(np.linspace(0, 1, 256), (m - m.min()) / (np.ptp(m) + 1e-9) + 0.1) * 255 % 256).astype(np.uint8)
with open("clim.pgm", "wb") as f:
    f.write(b"P5 %d %d 255\n" % (img.shape[1], img.shape[0])); f.write(img.tobytes())
with open("clim.csv", "w") as f:
    for i, v in enumerate(m): f.write("%d,%.6f\n" % (i + 1, v))
