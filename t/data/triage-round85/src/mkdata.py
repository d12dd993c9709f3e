# mkdata.py: the round's datasets (not part of any log). mkdata.py files DIR N KIB | packed FILE N KIB | npy FILE N COLS
import os, sys, numpy as np
kind, where, n, k = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = np.random.default_rng(1)
if kind == "files":
    os.makedirs(where, exist_ok=True)
    for i in range(n):
        rng.random(k * 256, dtype=np.float32).tofile(os.path.join(where, "s-%05d.bin" % i))
elif kind == "packed":
    rng.random(n * k * 256, dtype=np.float32).tofile(where)
else:
    np.save(where, rng.random((n, k), dtype=np.float32))
