# Round 66: a Python 3 post-processing job that reads a CSV of measurements with the csv module
# (the io module reads 8 KiB at a time under csv.reader's row-by-row loop), fits a numpy
# least-squares model per block of rows. Usage: pycsv66.py IN.csv BLOCK
import sys, time, csv, numpy as np
path, block = sys.argv[1], int(sys.argv[2])
t0 = time.perf_counter()
rows, fits = [], 0.0
with open(path, newline="") as f:
    r = csv.reader(f)
    next(r)
    for row in r:
        rows.append([float(x) for x in row[1:]])
        if len(rows) == block:
            m = np.array(rows)
            X = np.c_[m[:, :-1], np.ones(len(m))]
            for k in range(40):
                c, *_ = np.linalg.lstsq(X, m[:, -1] + k * 1e-3, rcond=None)
            fits += float(c.sum()); rows = []
print(f"pycsv own {time.perf_counter() - t0:.3f} s fits {fits:.6g}")
