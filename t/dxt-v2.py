#!/usr/bin/env python3
"""t/dxt-v2.py IN OUT: a format 3.41 zlib log IN (as iolens convert
writes it: DXT_POSIX version 1, segments of 32 bytes) rewritten as OUT
with DXT_POSIX version 2 (segments of 40 bytes, thread id 1 + rank) in
one zlib stream per rank, each rank's records in their order, as the
Darshan runtime writes them.  The other regions are copied as they are,
at their new offsets."""
import struct, sys, zlib

HDR = 1328
DXT_POSIX = 10


def inflate_all(b):
    out = b''
    while b:
        d = zlib.decompressobj()
        out += d.decompress(b)
        b = d.unused_data
    return out


def v2_streams(region):
    ranks = {}
    order = []
    pos = 0
    while pos < len(region):
        rank, = struct.unpack_from('<q', region, pos + 8)
        w, r = struct.unpack_from('<qq', region, pos + 88)
        rec = bytearray(region[pos:pos + 104])
        pos += 104
        for k in range(w + r):
            rec += region[pos:pos + 32] + struct.pack('<Q', 1 + rank)
            pos += 32
        if rank not in ranks:
            ranks[rank] = b''
            order.append(rank)
        ranks[rank] += bytes(rec)
    return b''.join(zlib.compress(ranks[k]) for k in order)


def main():
    data = open(sys.argv[1], 'rb').read()
    assert data[:4] == b'3.41' and data[16] == 0, 'a 3.41 zlib log'
    maps = [struct.unpack_from('<QQ', data, 32 + 16 * i) for i in range(65)]
    used = sorted((o, i) for i, (o, n) in enumerate(maps) if n)
    hdr = bytearray(data[:HDR])
    body = data[HDR:used[0][0]]
    pos = HDR + len(body)
    for o, i in used:
        reg = data[o:o + maps[i][1]]
        if i == DXT_POSIX + 1:
            ver, = struct.unpack_from('<I', hdr, 32 + 65 * 16 + 4 * DXT_POSIX)
            assert ver == 1, 'DXT_POSIX version 1'
            struct.pack_into('<I', hdr, 32 + 65 * 16 + 4 * DXT_POSIX, 2)
            reg = v2_streams(inflate_all(reg))
        struct.pack_into('<QQ', hdr, 32 + 16 * i, pos, len(reg))
        body += reg
        pos += len(reg)
    open(sys.argv[2], 'wb').write(bytes(hdr) + body)


main()
