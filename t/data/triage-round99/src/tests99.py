# A test-suite runner (round 99): runs N tests (each a small numpy computation) and writes one log per test,
# tests/tNNN.log, plus a summary. mode buf: Python's buffered file (one write(2) per 8 KiB); mode unbuf: the log
# opened with buffering=0 and each field written on its own (three write(2) per TAP line), as a logger that
# "must not lose lines" does.
import os, sys, numpy as np
out, n, lines, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(99)
fails = 0
for t in range(n):
    a = rng.random((60, 60)); v = np.linalg.eigvalsh(a + a.T)
    f = open("%s/t%03d.log" % (out, t), "wb", buffering=0 if mode == "unbuf" else -1)
    for k in range(lines):
        ok = v[k % 60] == v[k % 60]
        f.write(b"ok " if ok else b"not ok "); f.write(b"%d" % (k + 1)); f.write(b" - eigenvalue %d finite\n" % (k % 60))
        fails += not ok
    f.close()
with open(out + "/summary.txt", "w") as s:
    s.write("tests %d lines %d failed %d\n" % (n, n * lines, fails))
print("tests", n, "failed", fails)
