# round 117: group analysis / registration in Python+numpy over NIfTI-like volumes (352-byte header + float32).
# group DIR N OUT: read every subject's stat map (header, then the data), one-sample t map, write it.
# reg RAW TEMPLATE N ITERS every|once: register N subjects to a template; "every" re-reads the template
# from disk in every iteration of every subject (the problem), "once" reads it once.
import sys, numpy as np
HDR = 352
def readvol(path, dtype=np.float32):
    with open(path, 'rb') as f:
        hdr = f.read(HDR)
        assert int.from_bytes(hdr[:4], 'little') == 348
        return np.fromfile(f, dtype=dtype)
def group(d, n, out):
    maps = [readvol('%s/sub-%03d/sub-%03d_desc-stat_map.nii' % (d, s, s)) for s in range(n)]
    a = np.stack(maps)
    t = a.mean(0) / (a.std(0) / np.sqrt(n) + 1e-6)
    for _ in range(30):  # permutation-like resampling: the analysis itself
        sgn = np.where(np.random.default_rng(_).random(n) < 0.5, -1.0, 1.0).astype(np.float32)
        np.abs((a * sgn[:, None]).mean(0)).max()
    with open(out, 'wb') as f:
        h = bytearray(HDR); h[:4] = (348).to_bytes(4, 'little'); f.write(h); t.astype(np.float32).tofile(f)
    print('group: %d maps, max t %.3f' % (n, float(t.max())))
def reg(raw, tmpl, n, iters, how):
    T = readvol(tmpl) if how == 'once' else None
    cost = 0.0
    for s in range(n):
        v = readvol('%s/sub-%03d_T1w.nii' % (raw, s))
        shift = 0
        for it in range(iters):
            if how == 'every':
                T = readvol(tmpl)
            c = float(np.dot(v[::64], T[shift::64][:v[::64].size]))  # cheap similarity on a subsample
            shift = (shift + 1) % 8
            cost += c
    print('reg: %d subjects x %d iterations (%s), cost %.6g' % (n, iters, how, cost))
if __name__ == '__main__':
    if sys.argv[1] == 'group': group(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    else: reg(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6])
