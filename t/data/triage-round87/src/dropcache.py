# drop the page cache of the given files (or every file under a directory) with fadvise, so the next reads meet the device
import os, sys
for a in sys.argv[1:]:
    fs = [os.path.join(a, f) for f in sorted(os.listdir(a))] if os.path.isdir(a) else [a]
    for p in fs:
        fd = os.open(p, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
