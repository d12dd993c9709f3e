# Round 81 Python/numpy program: a particle push; every step the particle positions are saved.
# tiny81.py each STEPS NPART OUT: each position written by its own os.write of 8 bytes (a loop over elements)
# tiny81.py bulk STEPS NPART OUT: one ndarray.tofile a step (the twin)
import os, sys, time
import numpy as np
mode, steps, npart, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(81)
x = rng.random(npart); v = rng.random(npart) - 0.5
t0 = time.time()
with open(out, "wb", buffering=0) as f:
    for s in range(steps):
        for k in range(40):
            f_ = -np.sin(x * 6.283) * 0.01
            v += f_; x += v * 0.001; x %= 1.0
            _ = np.sort(x)
        if mode == "each":
            for b in np.split(x[:250].view(np.uint8), 250):
                f.write(b.tobytes())
        else:
            f.write(x[:250].tobytes())
print(f"{mode}: {time.time() - t0:.3f} s")
