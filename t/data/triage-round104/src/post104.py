# Round 104 serial post-analysis of an SCF orbital checkpoint (float64, one 4 KiB orbital of 512 coefficients
# after another): population analysis (density matrix blocks, numpy matmuls; REPS passes are the compute).
# post104.py whole CHK REPS: the checkpoint is read once, whole, with np.fromfile
# post104.py orb CHK REPS: the orbitals are read one by one in energy order (a permutation of the file
#   order), each with seek + a 4 KiB read on an unbuffered file (open(..., buffering=0))
import sys, os, numpy as np
mode, path, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
norb = os.path.getsize(path) // 4096
if mode == "whole":
    C = np.fromfile(path, dtype=np.float64).reshape(norb, 512)
else:
    order = np.random.default_rng(104).permutation(norb)
    C = np.empty((norb, 512))
    with open(path, "rb", buffering=0) as f:
        for i in order:
            f.seek(int(i) * 4096)
            C[i] = np.frombuffer(f.read(4096), dtype=np.float64)
pop = np.zeros(512)
for r in range(reps):
    blk = C[(r * 64) % norb:(r * 64) % norb + 64]
    S = blk @ blk.T
    pop += (blk * (S @ blk)).sum(0) * 1e-6
with open(path + ".pop.txt", "w") as f:
    for k in range(0, 512, 64):
        f.write("shell %3d population %.6e\n" % (k // 64, pop[k:k + 64].sum()))
print("orbitals", norb, "total population %.6e" % pop.sum())
