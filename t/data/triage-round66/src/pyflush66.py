# Round 66: a Python 3 simulation loop (numpy) that logs progress lines to a text file with
# print(..., file=f, flush=FLUSH) "to watch it live": flush=True makes one write(2) a line; without it
# the io module's 8 KiB buffer gathers them. Usage: pyflush66.py flush|noflush STEPS LINES N OUT
import sys, time, numpy as np
mode, steps, lines, n, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
fl = mode == "flush"
rng = np.random.default_rng(66)
u = rng.random(n)
t0 = time.perf_counter()
with open(out, "w") as f:
    for s in range(steps):
        for k in range(4):
            u[1:-1] = 0.5 * (u[:-2] + u[2:])
        m = float(u.mean())
        for i in range(lines):
            print(f"step {s} probe {i} value {u[(i * 977) % n]:.12e} mean {m:.12e}", file=f, flush=fl)
print(f"{mode} own {time.perf_counter() - t0:.3f} s")
