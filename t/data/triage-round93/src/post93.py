# post93: round 93's post-processing tool (labels93). For each snapshot file of the solver's output tree it
# scales the values by the calibration table (binary float64, 16 MiB) and writes one summary line.
# mode "each": reloads the table for every snapshot (the helper function opens it itself: the re-reads);
# mode "once": loads it once. usage: post93.py each|once TABLE SNAPDIR OUT
import glob, os, sys
import numpy as np

def calib(table):
    return np.fromfile(table, dtype=np.float64)

def main():
    mode, table, snapdir, out = sys.argv[1:5]
    snaps = sorted(glob.glob(os.path.join(snapdir, "r*", "s*.txt")))
    tab = calib(table) if mode == "once" else None
    with open(out, "w") as f:
        for i, p in enumerate(snaps):
            t = calib(table) if mode == "each" else tab
            with open(p) as s:
                v = np.array([float(x) for x in s.read().split()])
            f.write("%s %.9e\n" % (os.path.basename(p), float(np.mean(v) * t[i % t.size])))

main()
