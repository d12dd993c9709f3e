#!/usr/bin/python3
# Round 51: a parameter sweep in one Python process: NT tasks, each reads its input (TASKDIR/task.NN, 4 MiB of
# float32 words), runs K smoothing passes with its parameter, and saves its result (np.save, 2 MiB).
# usage: sweep51.py MODE NT K INDIR OUTDIR; MODE ok: np.fromfile; tiny: the input read 8 bytes at a time
# through an unbuffered file (struct.unpack of each value), as a loop ported from C would.
import struct, sys
import numpy as np
mode, nt, k, indir, outdir = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
for t in range(nt):
    path = "%s/task.%02d" % (indir, t % 16)
    if mode == "tiny":
        vals = []
        with open(path, "rb", buffering=0) as f:
            while True:
                b = f.read(8)
                if len(b) < 8:
                    break
                vals.append(struct.unpack("<2I", b)[0] & 0xffff)
        x = np.array(vals, dtype=np.float64) * 1e-4
    else:
        w = np.fromfile(path, dtype="<u4")[::2]
        x = (w & 0xffff).astype(np.float64) * 1e-4
    p = 1.0 + t * 0.01
    for _ in range(k):
        x = 0.5 * x + 0.25 * np.roll(x, 1) * p + np.sqrt(x + 1.0) * 1e-3
    x = np.tile(x, 1)[: 262144]
    np.save("%s/res_%04d.npy" % (outdir, t), x)
    print("task %d param %.2f sum %.6e" % (t, p, x.sum()))
