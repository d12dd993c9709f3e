#!/usr/bin/env python3
"""analyze.py - round 171 (labels171): spike-train analysis of app171 sim's per-rank binary spike files.
Reads each spikes-R.dat once, whole (records of int32 gid + float32 time), computes per-population rates,
an ISI histogram and a population PSTH, writes rates.csv, isi_hist.csv and a short summary."""
import sys, os, struct, array, glob
from collections import defaultdict

indir, outdir = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(indir, "spikes-*.dat")))
last = {}
isi = [0] * 200
psth = defaultdict(int)
rates = []
for fn in files:
    with open(fn, "rb") as f:
        data = f.read()
    n = len(data) // 8
    gids = array.array("i"); gids.frombytes(data[:n * 8])
    recs = struct.iter_unpack("<if", data[:n * 8])
    cnt = 0
    for gid, t in recs:
        cnt += 1
        psth[int(t)] += 1
        p = last.get(gid)
        if p is not None:
            b = int((t - p) / 0.5)
            isi[min(b, 199)] += 1
        last[gid] = t
    rates.append((os.path.basename(fn), cnt))
with open(os.path.join(outdir, "rates.csv"), "w") as o:
    o.write("file,spikes\n")
    for fn, c in rates:
        o.write("%s,%d\n" % (fn, c))
with open(os.path.join(outdir, "isi_hist.csv"), "w") as o:
    o.write("bin_ms,count\n")
    for i, c in enumerate(isi):
        o.write("%.1f,%d\n" % (i * 0.5, c))
with open(os.path.join(outdir, "psth.csv"), "w") as o:
    for t in sorted(psth):
        o.write("%d,%d\n" % (t, psth[t]))
print("analyze: %d files, %d spikes" % (len(files), sum(c for _, c in rates)))
