"""gather68: sort a SEG-Y-like line into CMP gathers and stack them (round 68, issue 34).
usage: gather68.py reread|once FILE NS NBIN OUT
The traces' CMP numbers (header int32 [5]) are split into NBIN bins of contiguous CMPs; for each bin
the gather is built, NMO-shifted and stacked. "reread" builds each bin's gather by scanning the whole
file again (a shot at a time) and keeping that bin's traces: NBIN full passes, the way a sort written
without the memory for all traces reads. "once" reads the file once, a shot at a time, and files each
trace into its bin's stack as it goes. The stacked section is written via a temp file + rename."""
import os, sys
import numpy as np

HDR, THDR = 3600, 240


def shots(f, tb, chunk):
    f.seek(HDR)
    while True:
        buf = f.read(tb * chunk)
        if not buf:
            return
        a = np.frombuffer(buf, dtype=np.uint8).reshape(-1, tb)
        yield a[:, :THDR].copy().view(np.int32), a[:, THDR:].copy().view(np.float32)


def nmo(tr, off):
    # a cheap moveout: shift each trace up by an offset-dependent lag, then a smoothing pass
    out = np.empty_like(tr)
    for i in range(tr.shape[0]):
        out[i] = np.roll(tr[i], -int(off[i]) // 4)
    return np.convolve(out.sum(axis=0), np.hanning(31), mode='same')


def main():
    mode, path, ns, nbin, outp = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    tb = THDR + 4 * ns
    with open(path, 'rb') as f:
        f.read(HDR)
        cmps = set()
        for h, _ in shots(f, tb, 480):
            cmps.update(np.unique(h[:, 5]).tolist())
        lo, hi = min(cmps), max(cmps) + 1
        edges = np.linspace(lo, hi, nbin + 1).astype(int)
        stack = np.zeros((hi - lo, ns))
        if mode == 'reread':
            for b in range(nbin):
                for h, x in shots(f, tb, 480):
                    m = (h[:, 5] >= edges[b]) & (h[:, 5] < edges[b + 1])
                    for cmp in np.unique(h[m, 5]):
                        k = h[:, 5] == cmp
                        stack[cmp - lo] += nmo(x[k], h[k, 0] % 480)
        else:
            for h, x in shots(f, tb, 480):
                for cmp in np.unique(h[:, 5]):
                    k = h[:, 5] == cmp
                    stack[cmp - lo] += nmo(x[k], h[k, 0] % 480)
    tmp = outp + '.tmp'
    stack.astype(np.float32).tofile(tmp)
    os.rename(tmp, outp)
    print('gather68 %s: %d CMPs, %d bins, rms %.6g' % (mode, hi - lo, nbin, float(np.sqrt((stack ** 2).mean()))))


main()
