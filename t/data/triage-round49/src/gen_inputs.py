#!/usr/bin/python3
"""Round 49's inputs (deterministic, seed 49). gen_inputs.py LOCALDIR SLOWDIR"""
import os
import struct
import sys
import numpy as np

L, S = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(49)
os.makedirs(L + "/steps", exist_ok=True)
os.makedirs(S + "/steps", exist_ok=True)
def raw(path, mib):
    rng.integers(0, 2**63, size=mib * 131072, dtype=np.int64).tofile(path)
raw(L + "/ck.n1", 256)                       # N-1 checkpoint, 64 MiB a rank at 4 ranks
raw(L + "/field.bin", 256)                   # a field for mmap and the partitioned reads
for s in range(16):
    raw(L + "/steps/step.%03d" % s, 16)      # output steps for the probe job
    raw(S + "/steps/step.%03d" % s, 4)       # output steps for the reduction (slow storage)
for r in range(4):
    raw(S + "/ck.nn.%d" % r, 24)             # N-N checkpoint, 24 MiB a rank
raw(S + "/table.bin", 64)                    # hash table, 1 Mi entries of 64 B
for r in range(4):                           # mesh partitions: 1 Mi nodes, 1 Mi cells
    n = m = 1 << 20
    with open(L + "/mesh.%d" % r, "wb") as f:
        f.write(struct.pack("<ii", n, m))
        rng.random(3 * n).tofile(f)
        rng.integers(0, n, size=4 * m, dtype=np.int32).tofile(f)
for r in range(2):                           # length-prefixed records, 8-120 B payloads
    lens = rng.integers(8, 121, size=400000, dtype=np.uint32)
    with open(L + "/rec.%d" % r, "wb") as f:
        buf = bytearray()
        pay = rng.integers(0, 256, size=int(lens.sum()), dtype=np.uint8).tobytes()
        o = 0
        for ln in lens:
            buf += struct.pack("<I", int(ln)) + pay[o:o + ln]
            o += int(ln)
        f.write(buf)
n, deg = 2 << 20, 12                         # CSR graph: 2 Mi rows, 12 entries a row
with open(L + "/graph.csr", "wb") as f:
    np.array([n, n * deg], dtype=np.int64).tofile(f)
    (np.arange(n + 1, dtype=np.int64) * deg).tofile(f)
    rng.integers(0, n, size=n * deg, dtype=np.int32).tofile(f)
    rng.random(n * deg).tofile(f)
with open(L + "/input.nml", "w") as f:
    f.write("&params\n  nx = 4000000,\n  dt = 0.001,\n  alpha = 0.5\n/\n")
x = rng.random((1500000, 3))
for name, hdr in (("table2.txt", "x y z"), ("table1.txt", "%d" % len(x))):
    with open(L + "/" + name, "w") as f:
        f.write(hdr + "\n")
        np.savetxt(f, x, fmt="%.9f")
d = np.column_stack([np.arange(300000) * 1e-3, rng.normal(size=(300000, 8))])
with open(L + "/samples.csv", "w") as f:
    f.write("t," + ",".join("c%d" % i for i in range(8)) + "\n")
    np.savetxt(f, d, fmt="%.6f", delimiter=",")
with open(S + "/events.txt", "w") as f:      # text for the sort pipeline: id,value,tag
    ids = rng.integers(0, 10**9, size=2000000)
    vals = rng.integers(0, 10**6, size=2000000)
    for i in range(0, 2000000, 100000):
        f.write("".join("%d,%d,t%d\n" % (a, b, a % 97) for a, b in zip(ids[i:i+100000], vals[i:i+100000])))
os.makedirs(S + "/many", exist_ok=True)      # 2000 per-rank per-step outputs of 32 KiB, and one packed file
pk = rng.integers(0, 2**63, size=2000 * 4096, dtype=np.int64)
pk.tofile(S + "/many/packed.bin")
for i in range(2000):
    pk[i * 4096:(i + 1) * 4096].tofile(S + "/many/f.%05d" % i)
