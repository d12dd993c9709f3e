#!/usr/bin/python3
# Round 53's Python job: start-up np.load of a 64 MiB field, a steady state of numpy stencil steps with an
# np.save snapshot every 20 steps, and a final output written as "save" (np.save) or "scalar" (one 8-byte
# value a write(2), unbuffered, as a hand-rolled exporter does).  usage: py53.py DIR STEPS END
import sys, time, struct
import numpy as np
d, steps, end = sys.argv[1], int(sys.argv[2]), sys.argv[3]
t0 = time.time()
u = np.load(d + "/in/field.npy")
for s in range(steps):
    u[1:-1] = 0.5 * u[1:-1] + 0.25 * (u[:-2] + u[2:])
    if (s + 1) % 20 == 0:
        np.save("%s/out/py.snap.%03d.npy" % (d, s + 1), u)
out = u[::8].copy()
if end == "save":
    np.save(d + "/out/py.final.npy", out)
else:
    with open(d + "/out/py.final.bin", "wb", buffering=0) as f:
        for x in out.tolist():
            f.write(struct.pack("<d", x))
print("py53 %s: %.3f s" % (end, time.time() - t0))
