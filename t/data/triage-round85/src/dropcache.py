# dropcache.py PATH...: drop the page-cache pages of these files (directories: every file under them), so that the next
# run reads them from the throttled device, as on a node that has not seen the dataset (not part of any log).
import os, sys
for top in sys.argv[1:]:
    paths = [os.path.join(d, f) for d, _, fs in os.walk(top) for f in fs] if os.path.isdir(top) else [top]
    for p in paths:
        fd = os.open(p, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
