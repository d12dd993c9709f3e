# Round 112 (labels112): design-of-experiments surrogate training. Reads a DoE table (CSV, one row per simulated
# design: 8 parameters + 2 responses), fits a Gaussian RBF surrogate by least squares, cross-validates it,
# writes the model (npy) and a small CSV of predictions on a grid.
import sys, numpy as np
src, out, nfold = sys.argv[1], sys.argv[2], int(sys.argv[3])
tab = np.loadtxt(src, delimiter=",", skiprows=1)
x, y = tab[:, :8], tab[:, 8]
rng = np.random.default_rng(112)
centres = x[rng.choice(len(x), 300, replace=False)]
def feats(a):
    d2 = (a * a).sum(1)[:, None] + (centres * centres).sum(1)[None, :] - 2 * a @ centres.T
    return np.exp(-d2 / 2.0)
fold = np.arange(len(x)) % nfold
err = []
for k in range(nfold):
    tr, te = fold != k, fold == k
    w, *_ = np.linalg.lstsq(feats(x[tr]), y[tr], rcond=None)
    err.append(float(np.sqrt(np.mean((feats(x[te]) @ w - y[te]) ** 2))))
w, *_ = np.linalg.lstsq(feats(x), y, rcond=None)
np.save(out + "/surrogate.npy", np.vstack([centres.T, w[None, :]]))
grid = rng.uniform(0, 1, (200, 8))
np.savetxt(out + "/predictions.csv", np.column_stack([grid, feats(grid) @ w]), delimiter=",", fmt="%.6f")
print("cv rmse", np.mean(err))
