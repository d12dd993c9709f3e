# Round 122 (labels122): a thesis Monte Carlo (kind 3): Ising-like Metropolis sweeps on a small lattice,
# one CSV row (sample, energy, magnetisation) per sample. Mode "fsync": the student makes each row durable
# (flush + os.fsync after every row, "so nothing is lost if the job dies"); mode "end": rows buffered, one fsync at the end.
import sys, os, numpy as np
path, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(122)
L = 32
s = rng.choice([-1, 1], size=(L, L))
beta = 0.44
with open(path, "w") as f:
    f.write("sample,energy,magnetisation\n")
    for k in range(n):
        for _ in range(2):
            i, j = rng.integers(0, L, 2)
            for _ in range(200):
                i, j = (i + 7) % L, (j + 3) % L
                nb = s[(i + 1) % L, j] + s[i - 1, j] + s[i, (j + 1) % L] + s[i, j - 1]
                dE = 2 * s[i, j] * nb
                if dE <= 0 or rng.random() < np.exp(-beta * dE):
                    s[i, j] = -s[i, j]
        e = -float((s * (np.roll(s, 1, 0) + np.roll(s, 1, 1))).sum())
        f.write("%d,%.1f,%d\n" % (k, e, int(s.sum())))
        if mode == "fsync":
            f.flush(); os.fsync(f.fileno())
    f.flush(); os.fsync(f.fileno())
