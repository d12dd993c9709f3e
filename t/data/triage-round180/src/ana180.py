#!/usr/bin/env python3
"""Round 180 (labels180), kind 3: the analysis script a grad student runs over a day's instrument files.

Reads every CSV file in DATADIR (one per sensor run: a header line, then time,ch1..ch5 rows) with the csv module,
computes per-channel mean / std / min / max and a crude event count per file, then writes summary.csv (one line a
file) and stats.json (the run-wide totals) into OUTDIR.
Usage: ana180.py DATADIR OUTDIR
"""
import csv, glob, json, math, os, sys

datadir, outdir = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(datadir, "*.csv")))
rows_out = []
tot = {"files": 0, "rows": 0, "events": 0}
for fn in files:
    with open(fn, newline="") as f:
        rd = csv.reader(f)
        header = next(rd)
        nch = len(header) - 1
        s = [0.0] * nch; s2 = [0.0] * nch; mn = [math.inf] * nch; mx = [-math.inf] * nch
        n = 0; ev = 0
        for row in rd:
            vals = [float(x) for x in row[1:]]
            for c, v in enumerate(vals):
                s[c] += v; s2[c] += v * v
                if v < mn[c]: mn[c] = v
                if v > mx[c]: mx[c] = v
            if vals[0] > 3.0:
                ev += 1
            n += 1
    mean = [a / n for a in s]
    std = [math.sqrt(max(b / n - m * m, 0.0)) for b, m in zip(s2, mean)]
    rows_out.append([os.path.basename(fn), n, ev] + [f"{m:.5f}" for m in mean] + [f"{x:.5f}" for x in std]
                    + [f"{x:.4f}" for x in mn] + [f"{x:.4f}" for x in mx])
    tot["files"] += 1; tot["rows"] += n; tot["events"] += ev

os.makedirs(outdir, exist_ok=True)
with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["file", "rows", "events"] + [f"mean{c}" for c in range(1, 6)] + [f"std{c}" for c in range(1, 6)]
               + [f"min{c}" for c in range(1, 6)] + [f"max{c}" for c in range(1, 6)])
    w.writerows(rows_out)
with open(os.path.join(outdir, "stats.json"), "w") as f:
    json.dump(tot, f, indent=1)
print(f"ana: {tot['files']} files, {tot['rows']} rows, {tot['events']} events")
