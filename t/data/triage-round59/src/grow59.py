# Round 59: a Python script that grew: numpy work, a line printed per step, results as pickle, CSV and .npy at the end.
import sys, csv, pickle, numpy as np
out, steps = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(59)
x = rng.random((400, 400))
hist = []
for t in range(steps):
    x = np.tanh(x @ x / 400.0 + 0.01 * t)
    e = float(np.linalg.norm(x))
    hist.append((t, e, float(x.max())))
    print(f"step {t:5d} energy {e:.9f}")
with open(out + ".pkl", "wb") as f:
    pickle.dump({"hist": hist, "x": x}, f)
with open(out + ".csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["step", "energy", "max"])
    w.writerows(hist)
np.save(out + ".npy", x)
