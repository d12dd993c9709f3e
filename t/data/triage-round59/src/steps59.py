# Round 59: a script that keeps a small result array per step: one .npy file per step ("files"),
# every step appended to one open file ("one"), or kept in memory and saved once at the end ("end").
import sys, numpy as np
d, steps, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(59)
m = rng.random((160, 160))
f = open(f"{d}/steps.npy", "wb") if mode == "one" else None
keep = []
for t in range(steps):
    for _ in range(3):
        m = np.cos(m @ m / 160.0)  # stays O(1): no denormals
    r = m[::2, ::10].copy()        # 10 KiB of results a step
    if mode == "end":
        keep.append(r)
    elif f:
        np.save(f, r)
    else:
        np.save(f"{d}/step_{t:05d}.npy", r)
if f:
    f.close()
if keep:
    np.save(f"{d}/steps.npy", np.stack(keep))
print("done", float(m.sum()))
