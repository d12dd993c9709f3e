# Round 122 (labels122): a student's parameter sweep (kind 12): a damped oscillator integrated for each of
# N (damping, frequency) pairs, one small result file per run in results/, then a summary table.
import sys, os, numpy as np
out, n = sys.argv[1], int(sys.argv[2])
os.makedirs(out + "/results", exist_ok=True)
rows = []
for k in range(n):
    g, w = 0.01 + 0.002 * (k % 20), 1.0 + 0.1 * (k // 20)
    x, v, dt = 1.0, 0.0, 1e-3
    t = np.arange(0, 4, dt)
    xs = np.empty_like(t)
    for i in range(0, len(t), 1000):   # vectorised in blocks: exact for the linear ODE's step matrix
        m = np.array([[1, dt], [-w * w * dt, 1 - 2 * g * dt]])
        for j in range(1000):
            x, v = m @ np.array([x, v])
            xs[i + j] = x
    amp = float(np.abs(xs[-1000:]).max())
    with open("%s/results/run_%03d.txt" % (out, k), "w") as f:
        f.write("gamma %.4f\nomega %.4f\nfinal_amplitude %.6e\n" % (g, w, amp))
    rows.append((g, w, amp))
with open(out + "/summary.csv", "w") as f:
    f.write("gamma,omega,amp\n")
    for r in rows:
        f.write("%.4f,%.4f,%.6e\n" % r)
