#!/usr/bin/python3
# Round 77: strided frame selection (every STRIDE-th frame) of the fixed-format trajectory with numpy:
# seek to the frame, np.fromfile one frame, RMSD to frame 0 and a pair-distance histogram over NPAIR atoms.
import sys, numpy as np
path, stride, npair = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
with open(path, 'rb') as f:
    hdr = np.fromfile(f, dtype=np.int32, count=3)
    na, nf = int(hdr[1]), int(hdr[2]); fb = 12 * na
    f.seek(4096); ref = np.fromfile(f, dtype=np.float32, count=3 * na).reshape(na, 3)
    out = []
    for k in range(0, nf, stride):
        f.seek(4096 + k * fb)
        x = np.fromfile(f, dtype=np.float32, count=3 * na).reshape(na, 3)
        r = float(np.sqrt(((x - ref) ** 2).sum() / na))
        s = x[:npair].astype(np.float64)
        d = np.sqrt(((s[:, None, :] - s[None, :, :]) ** 2).sum(-1))
        h, _ = np.histogram(d, bins=64, range=(0, 40))
        out.append((k, r, int(h.argmax())))
print("stride frames", len(out), "checksum %.6g" % sum(o[1] for o in out))
