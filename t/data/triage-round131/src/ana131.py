# Round 131 analysis pass (Python/numpy): ntuple files hold NEV events in 16 column-stored branches
# (a 4096-byte header, then each branch's NEV float64 contiguous, as ROOT baskets of one branch are).
# ana131.py branches DIR NFILES BOOT: reads only branches 3 (energy) and 7 (eta) of each file (seek + one
#   readinto a branch), fills histograms, bootstrap fit of a peak (BOOT resamples); writes DIR/../ana-out.npy.
# ana131.py all DIR NFILES BOOT: reads each whole file (all 16 branches) into memory, then uses the same two.
import sys, os, numpy as np
mode, d, nf, boot = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
NBR, HDR = 16, 4096
def branch(f, nev, b):
    a = np.empty(nev, dtype=np.float64); f.seek(HDR + b * nev * 8); f.readinto(memoryview(a).cast('B')); return a
def load(p):
    with open(p, 'rb', buffering=0) as f:
        nev = int(np.frombuffer(f.read(HDR)[:8], dtype=np.int64)[0])
        if mode == 'branches':
            return branch(f, nev, 3), branch(f, nev, 7)
        a = np.empty(nev * NBR, dtype=np.float64); mv = memoryview(a).cast('B'); got = 0
        while got < len(mv):
            got += f.readinto(mv[got:got + (16 << 20)])
        a = a.reshape(NBR, nev); return a[3].copy(), a[7].copy()
hs = np.zeros((nf, 200)); rng = np.random.default_rng(131)
for k in range(nf):
    e, eta = load('%s/ntuple-%03d.bin' % (d, k))
    sel = e[np.abs(eta) < 2.4]
    hs[k], _ = np.histogram(sel, bins=200, range=(0, 200))
h = hs.sum(0); x = np.arange(200) + 0.5; peaks = []
for _ in range(boot):
    hb = rng.poisson(h); m = hb > 0
    c = np.polyfit(x[m][80:120], np.log(hb[m][80:120] + 1), 2); peaks.append(-c[1] / (2 * c[0]))
np.save(os.path.join(d, '..', 'ana-out-%s.npy' % mode), np.array(peaks))
print('peak %.3f +- %.3f from %d files' % (np.mean(peaks), np.std(peaks), nf))
