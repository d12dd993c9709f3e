# Round 108 (labels108): a hyperparameter sweep. The parent reads each trial's config.json, a multiprocessing
# Pool of 2 spawned workers trains (numpy logistic regression by minibatch SGD on a synthetic set), and the parent, as
# the sweep's tracker, writes each trial's per-step progress.csv, result.json and a 64 KiB checkpoint ckpt.npy.
# usage: sweep108.py mkconf DIR NTRIALS        (setup, not under Darshan)
#        sweep108.py run DIR NTRIALS NSTEPS buffered|lineopen
# buffered: progress.csv kept open, lines buffered; lineopen: the tracker opens progress.csv in append mode,
# writes one line and closes it for every step (a naive logger).
import json, os, sys
import numpy as np
from multiprocessing import get_context

def mkconf(d, n):
    rng = np.random.default_rng(108)
    for t in range(n):
        os.makedirs("%s/t-%03d" % (d, t), exist_ok=True)
        c = {"trial": t, "lr": float(10 ** rng.uniform(-3, -0.5)), "batch": int(rng.choice([32, 64, 128])),
             "l2": float(10 ** rng.uniform(-6, -2)), "seed": t}
        with open("%s/t-%03d/config.json" % (d, t), "w") as f:
            json.dump(c, f)

def train(args):
    cfg, nsteps = args
    rng = np.random.default_rng(cfg["seed"])
    X = rng.standard_normal((1024, 64)); wtrue = rng.standard_normal(64)
    y = (X @ wtrue + rng.standard_normal(1024) > 0).astype(float)
    w = np.zeros(64); rows = []
    for s in range(nsteps):
        i = rng.integers(0, 1024, cfg["batch"])
        p = 1 / (1 + np.exp(-X[i] @ w))
        w -= cfg["lr"] * (X[i].T @ (p - y[i]) / cfg["batch"] + cfg["l2"] * w)
        if s % 8 == 0:
            pa = 1 / (1 + np.exp(-X @ w))
            loss = float(-np.mean(y * np.log(pa + 1e-12) + (1 - y) * np.log(1 - pa + 1e-12)))
            acc = float(np.mean((pa > 0.5) == y))
        rows.append((s, loss, acc, float(np.linalg.norm(w))))
    return cfg, rows, np.resize(w, 16384).astype(np.float32)

def log_trial(d, cfg, rows, ckpt, mode):
    td = "%s/t-%03d" % (d, cfg["trial"])
    if mode == "buffered":
        with open(td + "/progress.csv", "w") as f:
            f.write("step,loss,acc,wnorm\n")
            for r in rows:
                f.write("%d,%.6f,%.4f,%.5f\n" % r)
    else:
        with open(td + "/progress.csv", "w") as f:
            f.write("step,loss,acc,wnorm\n")
        for r in rows:
            with open(td + "/progress.csv", "a") as f:
                f.write("%d,%.6f,%.4f,%.5f\n" % r)
    with open(td + "/result.json", "w") as f:
        json.dump({"trial": cfg["trial"], "final_loss": rows[-1][1], "final_acc": rows[-1][2], "config": cfg}, f)
    np.save(td + "/ckpt.npy", ckpt)

def run(d, n, nsteps, mode):
    cfgs = []
    for t in range(n):
        with open("%s/t-%03d/config.json" % (d, t)) as f:
            cfgs.append(json.load(f))
    # The workers only compute (no file I/O); they are spawned without the Darshan preload so that their exits
    # do not race the parent for the one DARSHAN_LOGFILE (forked workers left an empty log in the way).
    os.environ.pop("LD_PRELOAD", None)
    with get_context("spawn").Pool(2) as pool:
        for cfg, rows, ckpt in pool.imap_unordered(train, [(c, nsteps) for c in cfgs]):
            log_trial(d, cfg, rows, ckpt, mode)
    print("sweep108: %d trials x %d steps (%s)" % (n, nsteps, mode))

if __name__ == "__main__":
    if sys.argv[1] == "mkconf":
        mkconf(sys.argv[2], int(sys.argv[3]))
    else:
        run(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
