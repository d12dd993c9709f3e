# Round 34's h5py writer: N small arrays (128 float64, 1 KiB) saved as N datasets of one HDF5 file ("many")
# or stacked into one (N, 128) dataset ("one"), then read back and summed.
import sys
import h5py
import numpy as np
path, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with h5py.File(path, "w") as f:
    if mode == "many":
        for i in range(n):
            f.create_dataset("a%05d" % i, data=np.full(128, i, dtype=np.float64))
    else:
        f.create_dataset("all", data=np.repeat(np.arange(n, dtype=np.float64)[:, None], 128, axis=1))
with h5py.File(path, "r") as f:
    s = sum(float(f[k][0]) for k in f) if mode == "many" else float(f["all"][:, 0].sum())
print(s)
