"""Round 127 (labels127): AlphaFold-like inference and relaxation steps (Python/numpy, one process).
  prep DIR NT          : inputs (not run under Darshan): weights.npy, features_T.pkl, unrelaxed PDBs
  infer DIR NT ITERS   : load the 32 MiB weights once, per target unpickle its features, run ITERS layers,
                         write ranked_T.pdb and ranking_T.json (default buffering)
  relax DIR NT ITERS line|block : per target read the unrelaxed model, minimise, write relaxed_T.pdb;
                         "line" opens it line-buffered (buffering=1: one write(2) per ATOM record)
"""
import json, os, pickle, sys
import numpy as np

def atoms(xyz, f):
    for i, (x, y, z) in enumerate(xyz):
        f.write("ATOM  %5d  CA  ALA A%4d    %8.3f%8.3f%8.3f  1.00 90.00           C\n" % (i + 1, i // 1 + 1, x, y, z))

def prep(d, nt):
    os.makedirs(d + "/feat", exist_ok=True); os.makedirs(d + "/unrelaxed", exist_ok=True)
    rng = np.random.default_rng(127)
    np.save(d + "/weights.npy", rng.standard_normal((4096, 1024)).astype(np.float64))
    for t in range(nt):
        with open("%s/feat/features_%03d.pkl" % (d, t), "wb") as f:
            pickle.dump({"msa": rng.integers(0, 21, (256, 384), dtype=np.int8),
                         "pair": rng.standard_normal((384, 256)).astype(np.float32)}, f)
        with open("%s/unrelaxed/model_%03d.pdb" % (d, t), "w") as f:
            atoms(rng.standard_normal((400, 3)) * 10, f)

def infer(d, nt, iters):
    os.makedirs(d + "/out", exist_ok=True)
    w = np.load(d + "/weights.npy")
    for t in range(nt):
        with open("%s/feat/features_%03d.pkl" % (d, t), "rb") as f:
            feat = pickle.load(f)
        h = feat["pair"].astype(np.float64)[:, :256] @ w[:256, :256]
        for _ in range(iters):
            h = np.tanh(h @ w[:256, :256] * 1e-2)
        xyz = h[:400, :3] * 10 if h.shape[0] >= 400 else np.resize(h[:, :3], (400, 3)) * 10
        with open("%s/out/ranked_%03d.pdb" % (d, t), "w") as f:
            atoms(xyz, f)
        with open("%s/out/ranking_%03d.json" % (d, t), "w") as f:
            json.dump({"plddt": float(np.abs(h).mean()), "target": t}, f)

def relax(d, nt, iters, mode):
    os.makedirs(d + "/relaxed", exist_ok=True)
    for t in range(nt):
        with open("%s/unrelaxed/model_%03d.pdb" % (d, t)) as f:
            xyz = np.array([[float(l[30:38]), float(l[38:46]), float(l[46:54])] for l in f if l.startswith("ATOM")])
        for _ in range(iters):
            dv = xyz[:, None, :] - xyz[None, :, :]
            r2 = (dv ** 2).sum(-1) + 1.0
            xyz = xyz - 1e-4 * (dv / r2[..., None] ** 2).sum(1)
        with open("%s/relaxed/relaxed_%03d.pdb" % (d, t), "w", buffering=1 if mode == "line" else -1) as f:
            atoms(xyz, f)

if __name__ == "__main__":
    a = sys.argv
    if a[1] == "prep": prep(a[2], int(a[3]))
    elif a[1] == "infer": infer(a[2], int(a[3]), int(a[4]))
    elif a[1] == "relax": relax(a[2], int(a[3]), int(a[4]), a[5])
