# Round 130 (labels130): a Zarr-like chunked 2-D float32 array, one file a chunk (DIR/I.J) and a .zarray JSON.
# zarr130.py mk DIR NY NX CY CX     write the array (not under Darshan)
# zarr130.py read DIR REPS          read .zarray, then every chunk (open/read/close, as zarr's DirectoryStore does),
#                                   and compute per-chunk statistics and a smoothed field (REPS passes of compute)
import sys, os, json, numpy as np
if sys.argv[1] == "mk":
    d, ny, nx, cy, cx = sys.argv[2], *map(int, sys.argv[3:7])
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, ".zarray"), "w") as f:
        json.dump({"shape": [ny, nx], "chunks": [cy, cx], "dtype": "<f4", "order": "C", "zarr_format": 2}, f)
    rng = np.random.default_rng(130)
    for i in range(ny // cy):
        for j in range(nx // cx):
            rng.random((cy, cx), dtype=np.float32).tofile(os.path.join(d, "%d.%d" % (i, j)))
    sys.exit(0)
d, reps = sys.argv[2], int(sys.argv[3])
with open(os.path.join(d, ".zarray")) as f:
    meta = json.load(f)
(ny, nx), (cy, cx) = meta["shape"], meta["chunks"]
a = np.empty((ny, nx), dtype=np.float32)
for i in range(ny // cy):
    for j in range(nx // cx):
        with open(os.path.join(d, "%d.%d" % (i, j)), "rb") as f:
            a[i*cy:(i+1)*cy, j*cx:(j+1)*cx] = np.frombuffer(f.read(), dtype=np.float32).reshape(cy, cx)
s = a.astype(np.float64)
for r in range(reps):
    s = 0.25 * (np.roll(s, 1, 0) + np.roll(s, -1, 0) + np.roll(s, 1, 1) + np.roll(s, -1, 1))
print("zarr read %s: %dx%d in %dx%d chunks, mean %.6f, smoothed std %.6f" % (d, ny, nx, cy, cx, a.mean(), s.std()))
