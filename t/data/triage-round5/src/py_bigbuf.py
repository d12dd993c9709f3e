# py_bigbuf: numpy-like binary without numpy: write 256 MiB in 16 MiB
# open().write calls of bytearrays, then read it back in 16 MiB reads.
import sys
path = sys.argv[1]
buf = bytes(range(256)) * (16 << 12)  # 16 MiB
with open(path, 'wb') as f:
    for _ in range(16):
        f.write(buf)
n = 0
with open(path, 'rb') as f:
    while True:
        b = f.read(16 << 20)
        if not b:
            break
        n += len(b)
print(n)
