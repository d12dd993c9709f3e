#!/usr/bin/python3
"""Round 67: post-processing of a 2-file Gadget-like snapshot (src/app67.c snap layout) in one process:
read each file's header and POS block with numpy (one read a block), CIC-free NGP density on a grid,
FFT, shell-averaged power spectrum; several snapshots in a loop; a small P(k) text file each."""
import sys
import numpy as np
out, grid = sys.argv[1], int(sys.argv[3])
snaps = sys.argv[4:]
for s in snaps:
    pos = []
    for f in (0, 1):
        with open(f"{s}.{f}", "rb") as fh:
            hdr = fh.read(256)
            n = int(np.frombuffer(hdr[:8], dtype=np.int64)[0])
            pos.append(np.frombuffer(fh.read(12 * n), dtype=np.float32).reshape(n, 3))
    p = np.concatenate(pos)
    for rep in range(int(sys.argv[2])):
        rho, _ = np.histogramdd(p, bins=grid, range=[(0, 1)] * 3)
        d = rho / rho.mean() - 1
        pk3 = np.abs(np.fft.rfftn(d)) ** 2
        k = np.fft.fftfreq(grid)[:, None, None] ** 2 + np.fft.fftfreq(grid)[None, :, None] ** 2 \
            + np.fft.rfftfreq(grid)[None, None, :] ** 2
        kb = (np.sqrt(k) * grid).astype(int).ravel()
        pk = np.bincount(kb, pk3.ravel()) / np.maximum(np.bincount(kb), 1)
    tmp = f"{out}_{s.rsplit('/', 1)[-1]}.pk"
    with open(tmp, "w") as fh:
        for i, v in enumerate(pk[: grid // 2]):
            fh.write(f"{i} {v:.6e}\n")
print("pspec done", len(snaps))
