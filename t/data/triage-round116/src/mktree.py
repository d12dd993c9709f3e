# mktree.py DIR N MODE: round 116's input trees (deterministic bytes). MODE mixed: 4 KiB x (1 + i%64);
# small: 100 + (i*37)%3900 B; fixed:K: K KiB each.
import os, sys, random
d, n, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(d, exist_ok=True)
r = random.Random(116)
for i in range(n):
    if mode == "mixed": sz = 4096 * (1 + i % 64)
    elif mode == "small": sz = 100 + (i * 37) % 3900
    else: sz = 1024 * int(mode.split(":")[1])
    with open("%s/f%04d" % (d, i), "wb") as f: f.write(r.randbytes(sz))
