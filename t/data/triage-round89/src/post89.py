# Round 89's post-processing job (labels89): read a run's time-step dumps (float64 fields), average them,
# compute the variance and a spectrum of the mean, write the statistics. Usage: post89.py DUMPDIR NDUMPS OUT
import sys, numpy as np
d, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
acc = acc2 = None
for i in range(n):
    f = np.fromfile("%s/dump_%04d.bin" % (d, i), dtype=np.float64).reshape(512, -1)
    acc = f.copy() if acc is None else acc + f
    acc2 = f * f if acc2 is None else acc2 + f * f
    for _ in range(6):
        np.abs(np.fft.rfft2(f))
mean = acc / n
var = acc2 / n - mean * mean
spec = np.abs(np.fft.rfft2(mean))
np.save(out + "-mean.npy", mean); np.save(out + "-var.npy", var); np.save(out + "-spec.npy", spec)
print("mean %.6f var %.6f" % (mean.mean(), var.mean()))
