"""Round 107 (labels107): statistics on a CSV dataset, the way a student's numpy script does it.
mk FILE ROWS: writes a header and ROWS rows of 8 numeric columns (a sensor survey).
stats FILE OUTDIR BOOT: np.loadtxt the whole file, per-column summaries, a correlation matrix, a BOOT-sample
bootstrap of the regression slope of column 0 on columns 1-7, then three small result files."""
import sys, os
import numpy as np

def mk(path, rows):
    rng = np.random.default_rng(107)
    x = rng.normal(size=(rows, 8))
    x[:, 0] = x[:, 1:] @ np.arange(1, 8) * 0.1 + rng.normal(scale=0.5, size=rows)
    np.savetxt(path, x, delimiter=",", fmt="%.6f", header="y,a,b,c,d,e,f,g", comments="")

def stats(path, outdir, boot):
    x = np.loadtxt(path, delimiter=",", skiprows=1)
    rng = np.random.default_rng(7)
    n = len(x)
    A = np.c_[np.ones(n), x[:, 1:]]
    slopes = []
    for _ in range(boot):
        i = rng.integers(0, n, n)
        slopes.append(np.linalg.lstsq(A[i], x[i, 0], rcond=None)[0])
    slopes = np.array(slopes)
    with open(os.path.join(outdir, "summary.csv"), "w") as f:
        f.write("col,mean,sd,min,max\n")
        for c in range(x.shape[1]):
            f.write("%d,%.6f,%.6f,%.6f,%.6f\n" % (c, x[:, c].mean(), x[:, c].std(), x[:, c].min(), x[:, c].max()))
    np.savetxt(os.path.join(outdir, "corr.csv"), np.corrcoef(x.T), delimiter=",", fmt="%.4f")
    np.savetxt(os.path.join(outdir, "bootstrap.csv"), np.c_[slopes.mean(0), slopes.std(0)], delimiter=",", fmt="%.5f")
    print("rows", n, "slope b1 %.4f +- %.4f" % (slopes[:, 1].mean(), slopes[:, 1].std()))

if __name__ == "__main__":
    if sys.argv[1] == "mk":
        mk(sys.argv[2], int(sys.argv[3]))
    else:
        stats(sys.argv[2], sys.argv[3], int(sys.argv[4]))
