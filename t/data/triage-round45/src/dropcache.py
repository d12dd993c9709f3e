#!/usr/bin/python3
# Drop the named files' clean pages from the page cache (posix_fadvise DONTNEED), so the next reads are
# cold and meet the blkio throttle; the files were synced after they were written.
import os, sys
for f in sys.argv[1:]:
    fd = os.open(f, os.O_RDONLY)
    os.fdatasync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
