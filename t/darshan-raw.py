#!/usr/bin/env python3
"""t/darshan-raw.py IN OUT [MOD OFFSET HEX]: a format 3.41 zlib log IN
rewritten as OUT with every region stored raw (comp_type 2, which Darshan's
reader and ours read), so a test can change a counter in place: with MOD
(a module id), the bytes HEX are written at OFFSET of that module's
decompressed region.  The header's maps are moved to the new offsets."""
import struct, sys, zlib

HDR = 1328

def inflate_all(b):
    out = b''
    while b:
        d = zlib.decompressobj()
        out += d.decompress(b)
        b = d.unused_data
    return out

def main():
    data = open(sys.argv[1], 'rb').read()
    assert data[:4] == b'3.41' and data[16] == 0, 'a 3.41 zlib log'
    maps = [struct.unpack_from('<QQ', data, 32 + 16 * i) for i in range(65)]
    used = sorted((o, i) for i, (o, n) in enumerate(maps) if n)
    job_end = used[0][0] if used else len(data)
    regions = {'job': inflate_all(data[HDR:job_end])}
    for o, i in used:
        regions[i] = inflate_all(data[o:o + maps[i][1]])
    if len(sys.argv) > 3:
        mod, off = int(sys.argv[3]) + 1, int(sys.argv[4])
        patch = bytes.fromhex(sys.argv[5])
        r = bytearray(regions[mod])
        r[off:off + len(patch)] = patch
        regions[mod] = bytes(r)
    hdr = bytearray(data[:HDR])
    hdr[16] = 2
    body = regions['job']
    pos = HDR + len(body)
    for o, i in used:
        struct.pack_into('<QQ', hdr, 32 + 16 * i, pos, len(regions[i]))
        body += regions[i]
        pos += len(regions[i])
    open(sys.argv[2], 'wb').write(bytes(hdr) + body)

main()
