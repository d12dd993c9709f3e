# Round 66: a Python 3 analysis that, every few steps of numpy work, saves its state twice: pickle.dump
# of a dict of arrays (binary file, one large write) and json.dump of a summary (text file; the io
# module's buffer gathers json's many small chunk writes). Usage: pyser66.py STEPS EVERY N OUTDIR
import sys, time, json, pickle, numpy as np
steps, every, n, outd = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = np.random.default_rng(66)
a = rng.random((n, n))
t0 = time.perf_counter()
for s in range(steps):
    a = np.tanh(a @ a.T / n)
    if (s + 1) % every == 0:
        with open(f"{outd}/state.{s}.pkl", "wb") as f:
            pickle.dump({"step": s, "a": a, "cols": a.sum(axis=0)}, f, protocol=pickle.HIGHEST_PROTOCOL)
        with open(f"{outd}/summary.{s}.json", "w") as f:
            json.dump({"step": s, "colsum": a.sum(axis=0).tolist(), "rowmax": a.max(axis=1).tolist()}, f)
print(f"pyser own {time.perf_counter() - t0:.3f} s")
