# Round 89's parameter sweep (labels89): NCASES cases of a small model, each result one CSV line.
# Usage: sweep89.py NCASES RESULTS.csv each|end
# each: open the results file in append mode, write the line, flush and fsync, close, every case (so a killed
# job keeps its results: the usual defensive habit); end: keep the lines and write them once at the end.
import os, sys, numpy as np
n, out, mode = int(sys.argv[1]), sys.argv[2], sys.argv[3]
rng = np.random.default_rng(89)
lines = []
for c in range(n):
    a = rng.standard_normal((120, 120)) + np.eye(120) * (1 + c % 7)
    ev = np.linalg.eigvalsh(a + a.T)
    line = "%d,%d,%.6f,%.6f\n" % (c, c % 7, ev[0], ev[-1])
    if mode == "each":
        with open(out, "a") as fp:
            fp.write(line); fp.flush(); os.fsync(fp.fileno())
    else:
        lines.append(line)
if mode == "end":
    with open(out, "a") as fp:
        fp.write("".join(lines))
print("cases", n)
