# Round 89's image-stack job (labels89): a temporal 3-frame median filter over a stack of 512x512 float32
# frames. The stack stands for one larger than memory, so frames are read with O_DIRECT (no page cache), as
# streaming readers of large stacks do. Usage: image89.py STACKDIR NFRAMES OUTDIR
# A window of three frames is kept, so each frame is read once.
import os, sys, mmap, numpy as np
src, n, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def load(i):
    i = min(max(i, 0), n - 1)
    p = "%s/frame_%04d.f32" % (src, i)
    buf = mmap.mmap(-1, 512 * 512 * 4)
    fd = os.open(p, os.O_RDONLY | os.O_DIRECT)
    os.readv(fd, [buf])
    os.close(fd)
    return np.frombuffer(buf, dtype=np.float32).reshape(512, 512).copy()
win = {}
for i in range(n):
    for j in (i - 1, i, i + 1):
        if j not in win: win[j] = load(j)
    win.pop(i - 2, None)
    fr = [win[i - 1], win[i], win[i + 1]]
    m = np.median(np.stack(fr), axis=0)
    m.astype(np.float32).tofile("%s/filt_%04d.f32" % (dst, i))
print("filtered", n)
