# Round 59: a numpy simulation that checkpoints its state with numpy.save every K steps (overwriting one file).
import sys, numpy as np
path, steps, every = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(59)
u = rng.random(1 << 20)            # 8 MiB of state
m = rng.random((256, 256))
for t in range(1, steps + 1):
    for _ in range(12):
        u = 0.5 * u + 0.25 * (np.roll(u, 1) + np.roll(u, -1))
    m = np.cos(m @ m / 256.0)      # stays O(1): no denormals
    print(f"step {t} mean {u.mean():.9f} trace {np.trace(m):.6f}", flush=True)
    if t % every == 0:
        np.save(path, u)
