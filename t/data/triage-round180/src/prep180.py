#!/usr/bin/env python3
"""Round 180: makes the instrument CSV files for ana180.py (outside Darshan). Usage: prep180.py DIR NFILES NROWS"""
import os, random, sys
d, nf, nr = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(180)
os.makedirs(d, exist_ok=True)
for i in range(nf):
    with open(os.path.join(d, f"run{i:04d}_sensor{i % 12:02d}.csv"), "w") as f:
        f.write("t,ch1,ch2,ch3,ch4,ch5\n")
        for r in range(nr):
            f.write(f"{r * 0.001:.3f}," + ",".join(f"{random.gauss(0, 1.2):.5f}" for _ in range(5)) + "\n")
