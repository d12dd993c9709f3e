# Round 94 (labels94): tabular analytics in Python with numpy only (no pandas).
# usage: ana94.py MODE DATADIR [ARGS]; modes: gen, csvchunk, rawline, buffered, memmap, farm, spill, spill1
import csv, os, sys, glob
from concurrent.futures import ThreadPoolExecutor
import numpy as np

NCOL = 6
def gen(d, nrows, nsmall):
    """Inputs (not logged): table.csv, small.csv, cols/cN.npy, parts/part-NN.npy."""
    rng = np.random.default_rng(94)
    os.makedirs(d + '/cols', exist_ok=True); os.makedirs(d + '/parts', exist_ok=True)
    a = rng.random((nrows, NCOL)); key = rng.integers(0, 64, nrows)
    for name, n in (('table.csv', nrows), ('small.csv', nsmall)):
        with open(d + '/' + name, 'w', newline='') as f:
            w = csv.writer(f); w.writerow(['key'] + ['v%d' % i for i in range(NCOL)])
            for i in range(n):
                w.writerow([int(key[i])] + ['%.6f' % x for x in a[i]])
    for i in range(NCOL):
        np.save(d + '/cols/c%d.npy' % i, rng.random(2_000_000))
    np.save(d + '/cols/key.npy', rng.integers(0, 64, 2_000_000))
    for p in range(16):
        np.save(d + '/parts/part-%02d.npy' % p, rng.random((250_000, 4)))

def stats_rows(rows, acc):
    """Per-key running sums of the value columns."""
    x = np.array(rows, dtype=float)
    k = x[:, 0].astype(int)
    for c in range(1, x.shape[1]):
        acc[:, c - 1] += np.bincount(k, weights=x[:, c], minlength=64)
    acc[:, -1] += np.bincount(k, minlength=64)

def csvchunk(d, chunk=10000):
    """Chunked CSV read through the csv module (buffered text file)."""
    acc = np.zeros((64, NCOL + 1))
    with open(d + '/table.csv', newline='') as f:
        r = csv.reader(f); next(r); rows = []
        for row in r:
            rows.append(row)
            if len(rows) == chunk:
                stats_rows(rows, acc); rows = []
        if rows: stats_rows(rows, acc)
    print('means', (acc[:, :NCOL] / acc[:, -1:]).mean())

def lines(d, buffering):
    """Parse small.csv line by line: buffering=0 makes every readline a 1-byte read(2)."""
    acc = np.zeros((64, NCOL + 1)); rows = []
    with open(d + '/small.csv', 'rb', buffering=buffering) as f:
        f.readline()
        for ln in iter(f.readline, b''):
            rows.append(ln.decode().rstrip('\r\n').split(','))
            if len(rows) == 10000:
                stats_rows(rows, acc); rows = []
    if rows: stats_rows(rows, acc)
    print('means', (acc[:, :NCOL] / acc[:, -1:]).mean())

def memmap(d, out, passes):
    """Column statistics over memory-mapped .npy columns (page faults, not read(2))."""
    key = np.load(d + '/cols/key.npy', mmap_mode='r'); res = []
    for i in range(NCOL):
        c = np.load(d + '/cols/c%d.npy' % i, mmap_mode='r')
        for p in range(passes):
            q = np.quantile(c, [0.1, 0.5, 0.9]); s = np.bincount(key, weights=c, minlength=64)
        res.append(np.concatenate([q, s]))
    np.save(out + '/colstats.npy', np.array(res))
    print('colstats', np.array(res).sum())

def farm(d, out, reps):
    """Dask-like threaded task farm (4 workers), a task a partition, results appended to one CSV."""
    res = out + '/results.csv'
    with open(res, 'w') as f: f.write('part,mean0,std1,q90_2,corr23\n')
    def task(p):
        a = np.load(d + '/parts/part-%02d.npy' % p)
        for _ in range(reps):
            v = (a[:, 0].mean(), a[:, 1].std(), np.quantile(a[:, 2], 0.9), np.corrcoef(a[:, 2], a[:, 3])[0, 1])
        with open(res, 'a') as f:
            f.write('%d,%.6f,%.6f,%.6f,%.6f\n' % ((p,) + v))
        return p
    with ThreadPoolExecutor(4) as ex: print('tasks', len(list(ex.map(task, range(16)))))

def spill(d, tmp, per_key):
    """Groupby with spill: 16 chunks of the key/value columns are split by key and spilled to temp files,
    then each key's pieces are read back and reduced. per_key: a temp file per key and chunk (1024 files);
    else one temp file per chunk with the groups back to back (16 files) and their offsets kept in memory."""
    key = np.load(d + '/cols/key.npy'); val = np.load(d + '/cols/c0.npy')
    os.makedirs(tmp, exist_ok=True); n = len(key) // 16; index = {}
    for c in range(16):
        k = key[c * n:(c + 1) * n]; v = val[c * n:(c + 1) * n]; o = np.argsort(k, kind='stable')
        ks, vs = k[o], v[o]; bounds = np.searchsorted(ks, np.arange(65))
        if per_key:
            for g in range(64):
                np.save('%s/k%02d-c%02d.npy' % (tmp, g, c), vs[bounds[g]:bounds[g + 1]])
        else:
            with open('%s/c%02d.bin' % (tmp, c), 'wb') as f: f.write(vs.tobytes())
            index[c] = bounds
    out = np.zeros((64, 3))
    for g in range(64):
        if per_key:
            parts = [np.load('%s/k%02d-c%02d.npy' % (tmp, g, c)) for c in range(16)]
        else:
            parts = []
            for c in range(16):
                b = index[c]
                with open('%s/c%02d.bin' % (tmp, c), 'rb') as f:
                    f.seek(int(b[g]) * 8); parts.append(np.frombuffer(f.read(int(b[g + 1] - b[g]) * 8)))
        x = np.concatenate(parts); out[g] = (x.size, x.mean(), np.median(x))
    for p in glob.glob(tmp + '/*'): os.unlink(p)
    print('groups', out[:, 0].sum(), out[:, 1].mean())

if __name__ == '__main__':
    m, d = sys.argv[1], sys.argv[2]
    if m == 'gen': gen(d, int(sys.argv[3]), int(sys.argv[4]))
    elif m == 'csvchunk': csvchunk(d)
    elif m == 'rawline': lines(d, 0)
    elif m == 'buffered': lines(d, -1)
    elif m == 'memmap': memmap(d, sys.argv[3], int(sys.argv[4]))
    elif m == 'farm': farm(d, sys.argv[3], int(sys.argv[4]))
    elif m == 'spill': spill(d, sys.argv[3], True)
    elif m == 'spill1': spill(d, sys.argv[3], False)
