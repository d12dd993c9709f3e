# Round 88 inputs: NMEM forecast members of MEMKIB KiB each (float64 near 280 K), as one file per member
# (mem_NNN.state) and as one shared file (ens.state); obs.txt with NOBS text lines "lat lon value err".
import sys, os, random, array
d, nmem, kib, nobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
os.makedirs(d, exist_ok=True)
rng = random.Random(88)
base = array.array("d", (280.0 + rng.gauss(0, 1) for _ in range(kib * 128)))
with open(d + "/ens.state", "wb") as sh:
    for m in range(nmem):
        x = array.array("d", base); x[m::97] = array.array("d", (v + 0.5 * (m % 7 - 3) for v in x[m::97]))
        with open(d + "/mem_%03d.state" % m, "wb") as f: x.tofile(f)
        x.tofile(sh)
with open(d + "/obs.txt", "w") as f:
    for _ in range(nobs):
        f.write("%.5f %.5f %.5f %.5f\n" % (rng.uniform(-90, 90), rng.uniform(0, 360), 280 + rng.gauss(0, 1), rng.uniform(0.5, 2)))
