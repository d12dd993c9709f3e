#!/usr/bin/python3
"""Round 78 (labels78): a netCDF-classic-like file written by hand with numpy.
nc78.py pad|grow STEPS WORK KIB FILE
Every step: WORK sweeps of a 2-D relaxation (real arithmetic), then a new variable "vNNNN" of KIB KiB is added.
The header lists every variable (name, dtype, shape, offset).
pad : the header region is reserved at 256 KiB up front; a new variable is appended at the end of the file and
      the header rewritten in place (one pwrite at offset 0): what nc__enddef does with enough h_minfree.
grow: no padding, data start right after the header; each new variable grows the header, so the data move:
      the whole file is rewritten (read back, written to FILE.tmp, renamed), as nc_enddef does when the header
      outgrows its space."""
import os, sys, struct
import numpy as np

MAGIC = b"CDF\x01"
PAD = 256 * 1024


def header(vars_, start):
    body = b"".join(struct.pack("<16sqq", n.encode(), sz, off) for n, sz, off in vars_)
    h = MAGIC + struct.pack("<qq", len(vars_), start) + body
    return h


def main():
    mode, steps, work, kib, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    n = kib * 1024 // 8
    side = 384
    a = np.fromfunction(lambda i, j: ((i * 7 + j) % 13) * 0.1, (side, side))
    vars_ = []  # (name, size, offset relative to data start)
    data_end = 0
    if mode == "pad":
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        os.pwrite(fd, header(vars_, PAD).ljust(PAD, b"\0"), 0)
    for st in range(steps):
        for _ in range(work):
            a[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
        v = np.resize(a.ravel(), n) + st
        raw = v.tobytes()
        vars_.append(("v%04d" % st, len(raw), data_end))
        if mode == "pad":
            os.pwrite(fd, raw, PAD + data_end)
            os.pwrite(fd, header(vars_, PAD), 0)
        else:
            old = b""
            if st:
                with open(path, "rb") as fi:
                    hlen = struct.unpack("<qq", fi.read(20)[4:])[1]
                    fi.seek(hlen)
                    old = fi.read()
            hd = header(vars_, 0)
            hd = header(vars_, len(hd))
            with open(path + ".tmp", "wb") as fo:
                fo.write(hd)
                fo.write(old)
                fo.write(raw)
            os.replace(path + ".tmp", path)
        data_end += len(raw)
    if mode == "pad":
        os.close(fd)
    print("%s: %d variables, %d bytes of data, checksum %.6f" % (mode, len(vars_), data_end, float(a.sum())))


if __name__ == "__main__":
    main()
