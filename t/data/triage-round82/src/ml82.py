# Round 82's ml (labels82): logistic regression by 64-row mini-batch SGD over 8 .npy shards (np.load each epoch).
# mode "batch" saves the weights (np.save, 1 MiB) after every mini-batch; "epoch" once an epoch.
import sys, time, numpy as np
mode, epochs, shards, ckpt = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
t0 = time.time()
w = np.zeros((512, 256))
for ep in range(epochs):
    for k in range(8):
        X = np.load(f"{shards}/shard{k}.npy")
        for bt in range(0, X.shape[0], 64):
            xb = X[bt:bt + 64]
            z = xb @ w
            p = 1.0 / (1.0 + np.exp(-z))
            w -= 1e-4 * (xb.T @ (p - 0.5))
            if mode == "batch":
                np.save(ckpt, w)
    if mode == "epoch":
        np.save(ckpt, w)
print(f"ml: {time.time() - t0:.3f} s")
