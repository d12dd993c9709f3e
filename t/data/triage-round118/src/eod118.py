# eod118: the end-of-day aggregation of a risk Monte Carlo run (round 118, labels118): reads every scenario's
# P&L file, computes 99% VaR and expected shortfall a book, writes the report. MODE "fromfile" reads each file
# with np.fromfile; "values" reads it one float64 at a time from an unbuffered file (the slow way, 8-byte reads).
import sys, glob, struct, numpy as np
mode, scendir, out = sys.argv[1], sys.argv[2], sys.argv[3]
files = sorted(glob.glob(scendir + "/r*-s*.bin"))
rows = []
for p in files:
    if mode == "fromfile":
        rows.append(np.fromfile(p, dtype=np.float64))
    else:
        with open(p, "rb", buffering=0) as f:
            v = []
            while True:
                b = f.read(8)
                if len(b) < 8:
                    break
                v.append(struct.unpack("<d", b)[0])
        rows.append(np.array(v))
pnl = np.vstack(rows)                       # scenarios x instruments
books = pnl.reshape(len(files), 16, -1).sum(axis=2)   # 16 books
var = -np.percentile(books, 1, axis=0)
es = np.array([-books[books[:, b] <= -var[b], b].mean() for b in range(16)])
with open(out, "w") as f:
    f.write("book var99 es99\n")
    for b in range(16):
        f.write("%d %.6e %.6e\n" % (b, var[b], es[b]))
print("scenarios", len(files), "VaR book0 %.4e" % var[0])
