"""Round 29 workflows: what a scientist runs on a node (python3 + numpy, h5py, pandas).
usage: wf.py KIND DIR   (KIND below); prints a one-line result so the run is checked."""
import os, sys, pickle, time
import numpy as np

N_FILES, ROW = 2000, 1024          # 2000 samples of 1024 float64 (8 KiB + 128 B header a .npy)

def prep_npy(d):
    """The dataset, made before the logged runs: a file a sample, and the same samples packed."""
    os.makedirs(d + "/samples", exist_ok=True)
    rng = np.random.default_rng(29)
    data = rng.standard_normal((N_FILES, ROW))
    for i in range(N_FILES):
        np.save("%s/samples/s%05d.npy" % (d, i), data[i])
    np.save(d + "/packed.npy", data)

def train_step(batch, w):
    """Stands in for the model: a little compute per batch."""
    return w + 1e-3 * (batch @ batch.T @ batch).mean(axis=0)

def loader_many(d):
    """A data loader reading one .npy a sample, batches of 32, shuffled, 3 epochs."""
    rng = np.random.default_rng(1); w = np.zeros(ROW)
    for ep in range(3):
        order = rng.permutation(N_FILES)
        for b in range(0, N_FILES, 32):
            batch = np.stack([np.load("%s/samples/s%05d.npy" % (d, i)) for i in order[b:b + 32]])
            w = train_step(batch, w)
    print("many", w[:2])

def loader_packed(d):
    """The same epochs from one packed file loaded once an epoch."""
    rng = np.random.default_rng(1); w = np.zeros(ROW)
    for ep in range(3):
        data = np.load(d + "/packed.npy")
        order = rng.permutation(N_FILES)
        for b in range(0, N_FILES, 32):
            w = train_step(data[order[b:b + 32]], w)
    print("packed", w[:2])

def frame():
    import pandas as pd
    rng = np.random.default_rng(7); n = 300000
    return pd.DataFrame({"id": np.arange(n), "t": rng.random(n), "x": rng.standard_normal(n),
                         "y": rng.standard_normal(n), "z": rng.standard_normal(n),
                         "site": rng.integers(0, 500, n), "q": rng.random(n), "flag": rng.integers(0, 2, n)})

def pd_csv(d):
    """A large table written as CSV and read back (the usual pandas round trip)."""
    import pandas as pd
    df = frame(); df.to_csv(d + "/table.csv", index=False)
    back = pd.read_csv(d + "/table.csv"); print("csv", len(back), round(back.x.sum(), 3))

def pd_pickle(d):
    """The same table through a binary format (pickle)."""
    import pandas as pd
    df = frame(); df.to_pickle(d + "/table.pkl")
    back = pd.read_pickle(d + "/table.pkl"); print("pkl", len(back), round(back.x.sum(), 3))

def h5(d, chunks):
    """A 2048x2048 float64 (32 MiB) field written to HDF5 and read back, with the given chunk shape."""
    import h5py
    a = np.random.default_rng(3).standard_normal((2048, 2048))
    with h5py.File(d + "/field.h5", "w") as f:
        f.create_dataset("u", data=a, chunks=chunks)
    with h5py.File(d + "/field.h5", "r") as f:
        s = f["u"][...].sum()
    print("h5", chunks, round(float(s), 3))

def ckpt(d, every):
    """A training loop of 200 steps pickling its 4 MiB state every `every` steps."""
    rng = np.random.default_rng(5); state = {"w": rng.standard_normal(512 * 1024), "step": 0}
    m = rng.standard_normal((200, 200))
    for step in range(1, 201):
        for _ in range(2): m = np.tanh(m @ m.T / 200.0)
        state["w"] += 1e-3 * m[0, 0]; state["step"] = step
        if step % every == 0:
            with open(d + "/ckpt.pkl", "wb") as f:
                pickle.dump(state, f)
    print("ckpt", every, state["step"])

def append(d, each):
    """20000 records appended to a results file, a line each: open+close per record, or open once."""
    p = d + "/results.txt"
    if os.path.exists(p): os.unlink(p)
    if each:
        for i in range(20000):
            with open(p, "a") as f:
                f.write("%d,%.6f,ok\n" % (i, i * 0.5))
    else:
        with open(p, "a") as f:
            for i in range(20000):
                f.write("%d,%.6f,ok\n" % (i, i * 0.5))
    print("append", os.path.getsize(p))

K = {"prep": prep_npy, "many": loader_many, "packed": loader_packed, "csv": pd_csv, "pickle": pd_pickle,
     "h5small": lambda d: h5(d, (16, 16)), "h5big": lambda d: h5(d, (256, 2048)),
     "ckpt1": lambda d: ckpt(d, 1), "ckpt50": lambda d: ckpt(d, 50),
     "appeach": lambda d: append(d, True), "appone": lambda d: append(d, False)}
if __name__ == "__main__":
    K[sys.argv[1]](sys.argv[2])
