# Round 123: numpy helper summarising the search's per-rank hit tables (np.loadtxt each, whole file once),
# best hit a query, identity histogram; writes a .npy and a small text report.
import sys, glob
import numpy as np
rows = []
for p in sorted(glob.glob(sys.argv[1] + "/hits.*.tsv")):
    rows.append(np.loadtxt(p, dtype=str, delimiter="\t"))
a = np.concatenate(rows)
q = np.array([int(s[1:]) for s in a[:, 0]]); ident = a[:, 3].astype(int); score = a[:, 4].astype(float)
best = np.zeros(q.max() + 1)
np.maximum.at(best, q, score)
hist = np.bincount(ident, minlength=41)
np.save(sys.argv[2] + "/best.npy", best)
with open(sys.argv[2] + "/summary.txt", "w") as f:
    f.write("hits %d queries %d mean best %.3f\n" % (len(a), len(best), best.mean()))
    for i, h in enumerate(hist):
        f.write("%d\t%d\n" % (i, h))
print("hits", len(a))
