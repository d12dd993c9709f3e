# Round 126: a statistics student's Monte Carlo simulation study (an R-like script, in numpy).
#   mc126.py study DIR NREP     each replicate: simulate a regression, bootstrap the slope, save one small
#                               result file (like saveRDS); at the end read them all back into one summary CSV
#   mc126.py recheck DIR NREP   the same, but after every replicate the script re-reads every result file so far
#                               to print the running coverage (a "convergence check" idiom): true re-reads
import os, sys
import numpy as np

def replicate(i):
    rng = np.random.default_rng(1000 + i)
    x = rng.normal(size=200)
    y = 1.5 * x + rng.normal(size=200)
    idx = rng.integers(0, 200, size=(200, 200))
    b = [np.polyfit(x[k], y[k], 1)[0] for k in idx[:40]]
    lo, hi = np.percentile(b, [2.5, 97.5])
    return np.array([i, np.mean(b), lo, hi, float(lo <= 1.5 <= hi)] + list(rng.normal(size=60)))

def load_all(d, n):
    return [np.load(os.path.join(d, "rep%04d.npy" % k)) for k in range(n)]

def main():
    mode, d, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    os.makedirs(d, exist_ok=True)
    for i in range(n):
        np.save(os.path.join(d, "rep%04d.npy" % i), replicate(i))
        if mode == "recheck":
            cov = np.mean([r[4] for r in load_all(d, i + 1)])
            print("rep %d coverage so far %.3f" % (i, cov))
    res = np.array(load_all(d, n))
    with open(os.path.join(d, "summary.csv"), "w") as f:
        f.write("rep,mean,lo,hi,covered\n")
        for r in res:
            f.write("%d,%.6f,%.6f,%.6f,%d\n" % (r[0], r[1], r[2], r[3], r[4]))
    print("coverage %.3f over %d replicates" % (res[:, 4].mean(), n))

main()
