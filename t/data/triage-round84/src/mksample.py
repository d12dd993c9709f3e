"""Makes a BAM-like sample for vcall84.py: NBLOCKS compressed-looking blocks of 16-96 KiB and an index of offsets."""
import sys, os, random
path, nblk = sys.argv[1], int(sys.argv[2])
random.seed(84)
off = [0]
with open(path, "wb") as f:
    for i in range(nblk):
        n = random.randint(16, 96) * 1024
        f.write(os.urandom(n)); off.append(off[-1] + n)
with open(path + ".idx", "w") as f:
    f.write("\n".join(map(str, off)) + "\n")
