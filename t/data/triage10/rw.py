import mmap, os, sys
path, mib, passes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
buf = mmap.mmap(-1, 4096)
buf.write(b"z" * 4096)
fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_DIRECT, 0o644)
for p in range(passes):
    for off in range(0, mib << 20, 4096):
        os.pwrite(fd, buf, off)
os.close(fd)
