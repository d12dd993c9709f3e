#!/usr/bin/python3
"""Round 79: Python multiprocessing pipelines. mp79.py MODE DIR [VARIANT]
pool    - Pool(4) workers each read their chunk files (4 MiB reads), compute, np.save one result; parent gathers
memo    - joblib-like memoization: a pickle per distinct call (1 MiB arrays), re-read on a hit
memmap  - chunked np.memmap processing of a 96 MiB file, 8 MiB chunks, into an output memmap
tmpx    - workers exchange intermediate files in a shared tmp dir; A: 64-byte unbuffered os.write records,
          parent re-reads them 64 bytes at a time; B: one buffered write / read per file
storm   - memoization with many tiny cache entries; A: a pickle file per call, stat+open+read on each hit;
          B: one in-memory dict pickled to one file at the end"""
import multiprocessing as mp, numpy as np, os, pickle, sys

def work(a):  # real arithmetic: a few matrix products
    m = a[: 256 * 256].reshape(256, 256) if a.size >= 65536 else np.resize(a, (256, 256))
    for _ in range(6):
        m = np.tanh(m @ m.T / 256.0)
    return m

def pool_worker(args):
    d, w, nchunk = args
    acc = np.zeros((256, 256))
    for c in range(nchunk):
        with open(f"{d}/in/chunk{w}_{c}.bin", "rb") as f:
            while True:
                b = f.read(4 << 20)
                if not b:
                    break
                acc += work(np.frombuffer(b, dtype=np.float64).copy())
    np.save(f"{d}/out/res{w}.npy", acc)
    return w

def pool(d, nw=4, nchunk=6):
    os.makedirs(f"{d}/in", exist_ok=True); os.makedirs(f"{d}/out", exist_ok=True)
    rng = np.random.default_rng(79)
    for w in range(nw):
        for c in range(nchunk):
            rng.standard_normal(1 << 20).tofile(f"{d}/in/chunk{w}_{c}.bin")  # 8 MiB each
    p = mp.get_context("spawn").Pool(nw)  # close+join, not `with`: workers exit normally (Darshan log)
    p.map(pool_worker, [(d, w, nchunk) for w in range(nw)]); p.close(); p.join()
    tot = sum(np.load(f"{d}/out/res{w}.npy").sum() for w in range(nw))
    print("pool", round(float(tot), 3))

def memo(d, ncall=120, ndist=30):
    os.makedirs(f"{d}/cache", exist_ok=True)
    hits = 0; s = 0.0
    for i in range(ncall):
        k = (i * 7) % ndist; fn = f"{d}/cache/f{k}.pkl"
        if os.path.exists(fn):
            with open(fn, "rb") as f:
                r = pickle.load(f); hits += 1
        else:
            a = np.random.default_rng(k).standard_normal(1 << 17)
            r = work(a)
            for _ in range(4):
                r = work(r.ravel())
            with open(fn, "wb") as f:
                pickle.dump(r, f, protocol=4)
        s += float(r.sum())
    print("memo hits", hits, round(s, 3))

def memmap(d, mib=96, chunk=8):
    n = (mib << 20) // 8
    src = f"{d}/mm_in.dat"; dst = f"{d}/mm_out.dat"
    a = np.memmap(src, dtype=np.float64, mode="w+", shape=(n,))
    step = (chunk << 20) // 8
    for o in range(0, n, step):
        a[o:o + step] = np.sin(np.arange(o, o + step) * 1e-3)
    a.flush(); del a
    a = np.memmap(src, dtype=np.float64, mode="r", shape=(n,))
    b = np.memmap(dst, dtype=np.float64, mode="w+", shape=(n,))
    for o in range(0, n, step):
        x = np.asarray(a[o:o + step])
        for _ in range(4):
            x = np.cumsum(np.sqrt(np.abs(x) + 1.0)) % 97.0
        b[o:o + step] = x
    b.flush(); print("memmap", round(float(b[-1]), 6))

def tmpx_worker(args):
    d, w, nrec, variant = args
    rng = np.random.default_rng(w); s = 0.0
    recs = []
    for i in range(nrec):
        v = rng.standard_normal(8)
        s += float(np.sum(np.sin(v) ** 2)) + float(np.linalg.norm(work(v) [0]))if i % 400 == 0 else float(np.sum(v * v))
        recs.append(v.tobytes())
    fn = f"{d}/tmp/part{w}.bin"
    if variant == "A":
        fd = os.open(fn, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        for r in recs:
            os.write(fd, r)  # 64 bytes a call: the worker "streams" its records
        os.close(fd)
    else:
        with open(fn, "wb") as f:
            f.write(b"".join(recs))
    return s

def tmpx(d, variant, nw=4, nrec=20000):
    os.makedirs(f"{d}/tmp", exist_ok=True)
    p = mp.get_context("spawn").Pool(nw)
    parts = p.map(tmpx_worker, [(d, w, nrec, variant) for w in range(nw)]); p.close(); p.join()
    tot = 0.0
    for w in range(nw):
        fn = f"{d}/tmp/part{w}.bin"
        if variant == "A":
            fd = os.open(fn, os.O_RDONLY)
            while True:
                b = os.read(fd, 64)
                if not b:
                    break
                tot += float(np.frombuffer(b).sum())
            os.close(fd)
        else:
            with open(fn, "rb") as f:
                tot += float(np.frombuffer(f.read()).reshape(-1, 8).sum())
    print("tmpx", variant, round(sum(parts), 3), round(tot, 3))

def storm(d, variant, ncall=12000, ndist=3000):
    os.makedirs(f"{d}/cache", exist_ok=True)
    cache = {}; s = 0.0; hits = 0
    for i in range(ncall):
        k = (i * 7919) % ndist; fn = f"{d}/cache/k{k}.pkl"
        v = np.random.default_rng(k).standard_normal(16)
        if variant == "A":
            if os.path.exists(fn):
                with open(fn, "rb") as f:
                    r = pickle.load(f); hits += 1
            else:
                r = np.linalg.svd(np.outer(v, v) + np.eye(16))[1]
                with open(fn, "wb") as f:
                    pickle.dump(r, f)
        else:
            if k in cache:
                r = cache[k]; hits += 1
            else:
                r = np.linalg.svd(np.outer(v, v) + np.eye(16))[1]; cache[k] = r
        s += float(r.sum())
    if variant == "B":
        with open(f"{d}/cache/all.pkl", "wb") as f:
            pickle.dump(cache, f)
    print("storm", variant, hits, round(s, 3))

if __name__ == "__main__":
    mode, d = sys.argv[1], sys.argv[2]; v = sys.argv[3] if len(sys.argv) > 3 else "A"
    os.makedirs(d, exist_ok=True)
    {"pool": lambda: pool(d), "memo": lambda: memo(d), "memmap": lambda: memmap(d),
     "tmpx": lambda: tmpx(d, v), "storm": lambda: storm(d, v)}[mode]()
