# Round 92 serial preprocessing (numpy): read a text edge list, count degrees, relabel vertices by degree, and
# write the partitions the MPI solver reads.
# prep92.py parts EDGES.txt OUTDIR NPARTS  : NPARTS partition files OUTDIR/part-RRR.bin (by source vertex modulo)
# prep92.py blocks EDGES.txt OUTDIR NBLOCKS: one file per vertex block OUTDIR/blk/block-NNNNN.bin (NBLOCKS files)
# prep92.py packed EDGES.txt OUTDIR NBLOCKS: the same NBLOCKS blocks in one file OUTDIR/blocks.bin (one write) + OUTDIR/blocks.idx
import sys, os, numpy as np
mode, src, out, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
e = np.loadtxt(src, dtype=np.uint32)
nv = int(e.max()) + 1
deg = np.bincount(e[:, 0], minlength=nv)
order = np.argsort(-deg, kind="stable")
relabel = np.empty(nv, dtype=np.uint32)
relabel[order] = np.arange(nv, dtype=np.uint32)
e = relabel[e]
for _ in range(20):  # the preprocessing's compute: sort the edges by (source, destination) a few ways
    key = e[:, 0].astype(np.uint64) * nv + e[:, 1]
    e = e[np.argsort(key, kind="stable")]
os.makedirs(out, exist_ok=True)
if mode == "parts":
    for r in range(n):
        np.ascontiguousarray(e[e[:, 0] % n == r]).tofile(os.path.join(out, "part-%03d.bin" % r))
else:
    cut = np.searchsorted(e[:, 0], np.linspace(0, nv, n + 1).astype(np.uint32))
    if mode == "blocks":
        os.makedirs(os.path.join(out, "blk"), exist_ok=True)
        for b in range(n):
            e[cut[b]:cut[b + 1]].tofile(os.path.join(out, "blk", "block-%05d.bin" % b))
    else:
        with open(os.path.join(out, "blocks.bin"), "wb") as f:  # the blocks back to back, in one write
            f.write(b"".join(e[cut[b]:cut[b + 1]].tobytes() for b in range(n)))
        (cut.astype(np.int64) * 8).tofile(os.path.join(out, "blocks.idx"))
print("vertices", nv, "edges", len(e), "max degree", int(deg.max()))
