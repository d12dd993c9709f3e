#!/usr/bin/env python3
"""Round 182's post-processing script: read a LAMMPS text dump (ITEM: blocks), frame by frame, line by line, and
write each frame's mean position and mean-square displacement from the first frame (a typical MSD script)."""
import sys
def frames(path):
    with open(path) as f:
        while True:
            line = f.readline()
            if not line:
                return
            assert line.startswith("ITEM: TIMESTEP")
            step = int(f.readline()); f.readline(); n = int(f.readline())
            for _ in range(4): f.readline()
            f.readline()
            xyz = {}
            for _ in range(n):
                p = f.readline().split()
                xyz[int(p[0])] = (float(p[2]), float(p[3]), float(p[4]))
            yield step, xyz
ref = None
with open(sys.argv[2], "w") as out:
    out.write("# step msd\n")
    for step, xyz in frames(sys.argv[1]):
        if ref is None:
            ref = xyz
        msd = sum((x - ref[i][0]) ** 2 + (y - ref[i][1]) ** 2 + (z - ref[i][2]) ** 2 for i, (x, y, z) in xyz.items()) / len(xyz)
        out.write("%d %.6e\n" % (step, msd))
print("post: wrote", sys.argv[2])
