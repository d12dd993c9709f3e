# hadd87 (round 87, labels87): a serial histogram merge, as ROOT's hadd does after a batch of jobs:
# reads DIR/part-NNN.hist (200 histograms x 128 bins of float64 each), sums them, fits each summed histogram
# with a Gaussian by a bootstrap of moments, writes the merged histograms and the fit table.
#   python3 hadd87.py DIR N OUT NBOOT
import sys, numpy as np
d, n, out, nboot = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
tot = np.zeros((200, 128))
for i in range(n):
    tot += np.fromfile("%s/part-%03d.hist" % (d, i), dtype=np.float64).reshape(200, 128)
x = np.arange(128) + 0.5
rng = np.random.default_rng(87)
fits = np.zeros((200, 2))
for h in range(200):
    p = tot[h] / tot[h].sum()
    s = rng.choice(128, size=(nboot, 400), p=p) + 0.5
    fits[h] = s.mean(axis=1).mean(), s.std(axis=1).mean()
tot.tofile(out)
np.savetxt(out + ".fits", fits, fmt="%.5f")
print("merged", n, "parts; mean of means %.3f" % fits[:, 0].mean())
