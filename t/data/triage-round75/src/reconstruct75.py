#!/usr/bin/python3
# Round 75: reconstructPar plus a post-processing pass, in Python 3 with numpy, as a user's script does it.
# For every write time of an uncollated binary case (processor*/<time>/<field>, app75's format), read each
# processor's field (the FoamFile header up to "(\n", then the doubles), join them in processor order, write
# <case>/<time>/<field> (header + binary list, via a temp file + rename), and compute per time the field
# statistics and a smoothed spectrum of p (real arithmetic: FFTs and gradients) printed to stdout.
import os, sys, time
import numpy as np

NC = {"U": 3, "p": 1, "phi": 1, "k": 1, "epsilon": 1}

def read_field(path):
    with open(path, "rb") as f:
        raw = f.read()
    i = raw.index(b"(\n") + 2
    end = raw.rindex(b")\n;")
    return raw[:i], np.frombuffer(raw[i:end], dtype=np.float64)

def main(case, passes):
    t0 = time.time()
    procs = sorted((d for d in os.listdir(case) if d.startswith("processor")), key=lambda d: int(d[9:]))
    times = sorted((t for t in os.listdir(os.path.join(case, procs[0])) if t[0].isdigit()), key=float)
    for t in times:
        os.makedirs(os.path.join(case, t), exist_ok=True)
        out = {}
        for fld in NC:
            parts = [read_field(os.path.join(case, p, t, fld)) for p in procs]
            data = np.concatenate([d for _, d in parts])
            hdr = parts[0][0].replace(b"\n%d\n(" % (len(parts[0][1]) // NC[fld]), b"\n%d\n(" % (len(data) // NC[fld]))
            dst = os.path.join(case, t, fld)
            with open(dst + ".tmp", "wb") as f:
                f.write(hdr)
                f.write(data.tobytes())
                f.write(b")\n;\n")
            os.rename(dst + ".tmp", dst)
            out[fld] = data
        p = out["p"]
        acc = 0.0
        for _ in range(passes):
            spec = np.abs(np.fft.rfft(p)) ** 2
            g = np.gradient(p)
            p = 0.5 * p + 0.25 * (np.roll(p, 1) + np.roll(p, -1))
            acc += float(spec[1:64].sum()) + float(np.abs(g).max())
        u = out["U"].reshape(-1, 3)
        print("time %s: |U| max %.6g, p mean %.6g, k mean %.6g, spectrum %.6g" %
              (t, float(np.sqrt((u * u).sum(1)).max()), float(out["p"].mean()), float(out["k"].mean()), acc))
    print("reconstruct: %.3f s" % (time.time() - t0))

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
