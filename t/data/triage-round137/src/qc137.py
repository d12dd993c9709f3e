# Round 137 single-cell QC pass (a 384-well plate, Smart-seq2-like: one count vector a cell).
# qc137.py mk DIR NCELL GENES: write the plate's per-cell count files (cellNNN.npy, int32)
# qc137.py qc DIR NCELL GENES NPC: read every cell once (np.load), per-cell QC metrics, keep the good cells,
#   log-normalise, a PCA by power iteration (the pass's compute), write qc.tsv and the filtered matrix (one np.save)
import sys, os, numpy as np
mode, d, n, g = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if mode == "mk":
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(137)
    for c in range(n):
        np.save(os.path.join(d, "cell%03d.npy" % c), rng.poisson(0.8, g).astype(np.int32))
    sys.exit(0)
X = np.empty((n, g), dtype=np.float64)
for c in range(n):
    X[c] = np.load(os.path.join(d, "cell%03d.npy" % c))
tot = X.sum(1); det = (X > 0).sum(1); mt = X[:, :13].sum(1) / np.maximum(tot, 1)
keep = (det > 0.3 * g) & (mt < 0.2)
with open(os.path.join(d, "qc.tsv"), "w") as f:
    for c in range(n):
        f.write("cell%03d\t%d\t%d\t%.4f\t%d\n" % (c, tot[c], det[c], mt[c], keep[c]))
Y = np.log1p(X[keep] / tot[keep, None] * 1e4)
Y -= Y.mean(0)
rng = np.random.default_rng(1)
V = rng.standard_normal((g, int(sys.argv[5])))
for it in range(8):
    V, _ = np.linalg.qr(Y.T @ (Y @ V))
np.save(os.path.join(d, "filtered.npy"), (Y @ V).astype(np.float32))
print("kept", int(keep.sum()), "of", n)
