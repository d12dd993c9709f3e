# Round 57: Python/numpy jobs that move data between tiers.
# usage: py57.py MODE ARGS
#   stage  SLOW FAST OUT N  copy SLOW/in.npy to FAST (shutil.copyfile), then N passes np.load from FAST,
#                           compute (FFT smoothing), np.save the result to OUT
#   interm DIR N MB SYNC    N iterations: np.load the previous intermediate from DIR, compute, np.save it back
#                           (SYNC=1: flush and os.fsync each, as "safe" code does)
#   tarout SRC OUT          stage-out: tarfile w:gz of every file in SRC (the fast tier) to OUT (slower tier)
import os, shutil, sys, tarfile, time
import numpy as np

def smooth(a):
    f = np.fft.rfft(a)
    f[len(f) // 8:] = 0
    return np.fft.irfft(f, len(a))

def stage(slow, fast, out, n):
    shutil.copyfile(os.path.join(slow, "in.npy"), os.path.join(fast, "in.npy"))
    s = 0.0
    for _ in range(n):
        a = np.load(os.path.join(fast, "in.npy"))
        r = smooth(a)
        s += float(r.sum())
    np.save(out, r)
    return s

def interm(d, n, mb, sync):
    p = os.path.join(d, "state.npy")
    a = np.linspace(0.0, 1.0, mb * 131072)
    np.save(p, a)
    for _ in range(n):
        a = np.load(p)
        a = smooth(a) + 1e-3 * np.sin(a)
        with open(p, "wb") as f:
            np.save(f, a)
            if sync:
                f.flush()
                os.fsync(f.fileno())
    return float(a.sum())

def tarout(src, out):
    tmp = out + ".tmp"
    with tarfile.open(tmp, "w:gz", compresslevel=6) as t:
        for n in sorted(os.listdir(src)):
            t.add(os.path.join(src, n), arcname=n)
    os.rename(tmp, out)
    return 0.0

t0 = time.time()
m = sys.argv[1]
if m == "stage":
    s = stage(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
elif m == "interm":
    s = interm(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1")
elif m == "tarout":
    s = tarout(sys.argv[2], sys.argv[3])
else:
    sys.exit("py57: unknown mode " + m)
print("%s time %.3f s checksum %.6e" % (m, time.time() - t0, s))
