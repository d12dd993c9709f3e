#!/usr/bin/python3
# mkinput156: makes the inputs (not under Darshan): mesh file, FASTQ-like records, 12 monthly files, then drops
# each file from the page cache (posix_fadvise DONTNEED, this file only). Usage: mkinput156.py KIND PATH SIZE_MB
import os, sys, numpy as np
kind, path = sys.argv[1], sys.argv[2]; mb = int(sys.argv[3]) if kind != "drop" else 0
rng = np.random.default_rng(156)
def drop(p):
    fd = os.open(p, os.O_RDONLY); os.fsync(fd); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
if kind == 'mesh':
    rng.random(mb * 131072).tofile(path); drop(path)
elif kind == 'fastq':
    rng.integers(65, 91, mb << 20, dtype=np.uint8).tofile(path); drop(path)
elif kind == 'months':
    os.makedirs(path, exist_ok=True)
    for m in range(1, 13):
        p = '%s/month_%02d.dat' % (path, m); rng.random(mb * 262144, dtype=np.float32).tofile(p); drop(p)
elif kind == 'drop':
    for p in sys.argv[2:]: drop(p)
