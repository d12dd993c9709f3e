#!/usr/bin/python3
# Round 74 measurement code: reads a sequence of ILDG-like gauge configurations (512-byte header,
# site-major records of 4 SU(3) links as complex doubles) one after another with numpy, checks each
# against its header, and measures the average plaquette-like trace of U1 U2 U3^H U4^H on every site.
import sys
import numpy as np

NREP = 20  # repeated measurements of each config (smearing-like passes)

out = sys.argv[1]
rows = []
for f in sys.argv[2:]:
    with open(f, "rb") as fh:
        hdr = fh.read(512).split(b"\0")[0].decode()
        w = hdr.split()
        L, T = int(w[3]), int(w[9])
        u = np.fromfile(fh, dtype=np.float64, count=L * L * L * T * 72)
    u = u.reshape(-1, 4, 3, 3, 2)
    z = u[..., 0] + 1j * u[..., 1]
    acc = 0.0
    for _ in range(NREP):
        a = np.einsum("sij,sjk->sik", z[:, 0], z[:, 1])
        b = np.einsum("sij,skj->sik", a, z[:, 2].conj())
        c = np.einsum("sij,skj->sik", b, z[:, 3].conj())
        acc += np.trace(c, axis1=1, axis2=2).real.mean()
    rows.append("%s %d %d %.8f\n" % (f.rsplit("/", 1)[-1], L, T, acc / NREP))
tmp = out + ".tmp"
with open(tmp, "w") as o:
    o.writelines(rows)
import os
os.replace(tmp, out)
