# Round 124 (labels124): forecast verification, a serial numpy job. Reads NF forecast fields (one small file a
# lead time and a parameter) and the matching analyses, computes bias/RMSE/ACC per lead time, bootstraps
# confidence intervals (the compute), writes a score table through stdio.
import sys, numpy as np
d, nf, nboot = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(124)
rows = []
for k in range(nf):
    f = np.fromfile("%s/fc/fc%03d.bin" % (d, k), dtype=np.float32)
    a = np.fromfile("%s/an/an%03d.bin" % (d, k), dtype=np.float32)
    e = f - a
    idx = rng.integers(0, e.size, size=(nboot, 4096))
    boot = np.sqrt((e[idx] ** 2).mean(axis=1))
    acc = np.corrcoef(f - f.mean(), a - a.mean())[0, 1]
    rows.append((k, e.mean(), np.sqrt((e ** 2).mean()), acc, np.percentile(boot, 5), np.percentile(boot, 95)))
with open("%s/scores.txt" % d, "w") as o:
    for r in rows:
        o.write("lead %3d bias %.5f rmse %.5f acc %.4f ci %.5f %.5f\n" % r)
print("verified", nf, "fields")
