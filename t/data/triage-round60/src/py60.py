# Round 60: two Python analysis scripts. stats IN OUT: one np.fromfile, numeric work, small text out.
# rows IN OUT reopen|keep ROWS: a per-row result table appended by reopening the file per row, or once.
import sys, time, numpy as np
t0 = time.time()
mode = sys.argv[1]
if mode == "stats":
    a = np.fromfile(sys.argv[2], dtype=np.float64)
    h = None
    for k in range(int(sys.argv[4])):
        b = np.sort(a[k::7]); h = np.histogram(np.sin(b) * np.sqrt(np.abs(b) + 1.0), bins=64)[0]
    np.savetxt(sys.argv[3], h, fmt="%d")
elif mode == "rows":
    rng = np.random.default_rng(60); m = rng.standard_normal((200, 200))
    keep = sys.argv[4] == "keep"; f = open(sys.argv[3], "w") if keep else None
    if not keep: open(sys.argv[3], "w").close()
    for i in range(int(sys.argv[5])):
        w = np.linalg.eigvalsh(m + i * 1e-3 * np.eye(200))
        line = "%6d %.12e %.12e %.12e\n" % (i, w[0], w[-1], w.sum())
        if keep: f.write(line)
        else:
            with open(sys.argv[3], "a") as g: g.write(line)
    if keep: f.close()
print("%s: %.3f s" % (mode, time.time() - t0))
