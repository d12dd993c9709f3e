# Round 141: met-ocean post-processing (numpy, serial). Reads a year of daily buoy files (hourly wave
# height, period, wind; one small text file a day), computes monthly significant-wave-height statistics
# and a 50-year return level (Gumbel fit of daily maxima), writes one summary CSV.
import sys, glob
import numpy as np
d = sys.argv[1]
files = sorted(glob.glob(d + "/buoy-*.txt"))
days = [np.loadtxt(f, delimiter=",") for f in files]
hs = np.array([x[:, 1].max() for x in days])
mu, beta = np.mean(hs) - 0.5772 * np.std(hs) * np.sqrt(6) / np.pi, np.std(hs) * np.sqrt(6) / np.pi
rl50 = mu - beta * np.log(-np.log(1 - 1 / (50 * 365.25)))
# a bootstrap of the return level (the compute of the job)
rng = np.random.default_rng(141)
boot = []
for _ in range(int(sys.argv[2])):
    s = rng.choice(hs, hs.size)
    b = np.std(s) * np.sqrt(6) / np.pi
    boot.append(np.mean(s) - 0.5772 * b - b * np.log(-np.log(1 - 1 / (50 * 365.25))))
with open(d + "/summary.csv", "w") as f:
    f.write("days,hs_max,rl50,rl50_lo,rl50_hi\n")
    f.write("%d,%.3f,%.3f,%.3f,%.3f\n" % (len(days), hs.max(), rl50, np.percentile(boot, 5), np.percentile(boot, 95)))
