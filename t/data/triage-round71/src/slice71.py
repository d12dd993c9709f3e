#!/usr/bin/python3
# Round 71: a serial AMR post-processing script: for every plotfile of a series (app71 plot output),
# read every level's FAB files box by box (16^3 doubles), compute each box's gradient magnitude, its
# maximum and a z-slice, and write a small summary. MODE row: reads one 16-double row (128 B) at a time
# through an unbuffered file (seek + read a row, as a reader translated from per-row Fortran does);
# MODE box: reads a whole box (32 KiB) with one read. usage: slice71.py MODE OUT PLTDIR...
import os, sys
import numpy as np
mode, out, plts = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for plt in plts:
    for lev in sorted(os.listdir(plt)):
        if not lev.startswith("Level_"):
            continue
        for fab in sorted(os.listdir(os.path.join(plt, lev))):
            fn = os.path.join(plt, lev, fab)
            nbox = os.path.getsize(fn) // 32768
            with open(fn, "rb", buffering=0) as f:
                for b in range(nbox):
                    if mode == "row":
                        a = np.empty((16, 16, 16))
                        for k in range(16):
                            for j in range(16):
                                f.seek(b * 32768 + (k * 16 + j) * 128)
                                a[k, j] = np.frombuffer(f.read(128), dtype=np.float64)
                    else:
                        f.seek(b * 32768)
                        a = np.frombuffer(f.read(32768), dtype=np.float64).reshape(16, 16, 16)
                    g = np.gradient(a)
                    m = np.sqrt(g[0] ** 2 + g[1] ** 2 + g[2] ** 2)
                    for _ in range(6):
                        m = np.sqrt(m * m + np.roll(m, 1, 0) ** 2) * 0.7
                    rows.append("%s %s %s %d %.6e %.6e\n" % (os.path.basename(plt), lev, fab, b, m.max(), a[8].mean()))
tmp = out + ".tmp"
with open(tmp, "w") as f:
    f.writelines(rows)
os.replace(tmp, out)
print("slice71 %s: %d boxes" % (mode, len(rows)))
