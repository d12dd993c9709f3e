#!/bin/bash
# Round 143 inputs: mkens.sh DIR NMEM [NFAILED]: the ensemble design DIR/params.txt (member k source), the base
# input DIR/base.dat (4096 float64), an empty DIR/out; with NFAILED, DIR/failed.txt (every (NMEM/NFAILED)-th member)
# and their 1 MiB checkpoints DIR/ckpt/m-NNNN.ck; always DIR/qoi.bin (NMEM x 8192 float64 QoI series, the gathered
# results a surrogate trains on). Not run under Darshan.
set -e
d=$1 n=$2 nf=${3:-0}
rm -rf $d; mkdir -p $d/out $d/ckpt
/usr/bin/python3 - "$d" "$n" "$nf" <<'PY'
import sys, numpy as np
d, n, nf = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(143)
with open(d + "/params.txt", "w") as f:
    for m in range(n):
        f.write("%d %.6f %.6f\n" % (m, rng.uniform(0.1, 2.0), rng.uniform(-1, 1)))
rng.standard_normal(4096).tofile(d + "/base.dat")
rng.standard_normal((n, 8192)).tofile(d + "/qoi.bin")
if nf:
    fl = list(range(0, n, n // nf))[:nf]
    open(d + "/failed.txt", "w").write("".join("%d\n" % m for m in fl))
    for m in fl:
        rng.standard_normal(131072).tofile(d + "/ckpt/m-%04d.ck" % m)
PY
