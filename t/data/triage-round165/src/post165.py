#!/usr/bin/env python3
"""post165.py - round 165 (labels165): serial post-processing of an OpenFOAM-like decomposed case (as a
foamToCSV / fieldMinMax script would): for every written time of every processorN directory, read each of the 6
binary field files whole, decode its internalField (header "N\\n(" then N float64), and write per-time min/max/mean
of each field (over all processors) to CASE/postProcessing/fieldStats.csv."""
import sys, os, array, csv

case = sys.argv[1]
procs = sorted(d for d in os.listdir(case) if d.startswith("processor"))
times = sorted((t for t in os.listdir(os.path.join(case, procs[0])) if t not in ("constant", "0")), key=float)
fields = ["U", "p", "phi", "T", "k", "epsilon"]
rows = []
for t in times:
    for f in fields:
        lo, hi, s, n = float("inf"), float("-inf"), 0.0, 0
        for p in procs:
            with open(os.path.join(case, p, t, f), "rb") as fh:
                b = fh.read()
            i = b.index(b"List<scalar>")
            j = b.index(b"\n(", i)
            cnt = int(b[i + 12:j].split()[-1])
            a = array.array("d"); a.frombytes(b[j + 2:j + 2 + 8 * cnt])
            lo, hi, s, n = min(lo, min(a)), max(hi, max(a)), s + sum(a), n + cnt
        rows.append((t, f, lo, hi, s / n, n))
os.makedirs(os.path.join(case, "postProcessing"), exist_ok=True)
with open(os.path.join(case, "postProcessing", "fieldStats.csv"), "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["time", "field", "min", "max", "mean", "values"])
    w.writerows(rows)
print("post: %d processors, %d times, %d rows" % (len(procs), len(times), len(rows)))
