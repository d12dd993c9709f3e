#!/bin/sh
# timeline's packed phases (lib/analysis/phases-pack.c) out of memory at
# any of their reallocations: a log of one record whose 300 segments come
# in bursts of three an hour apart (a raw phase a burst, so that the
# block's list of phase changes and the job's cells grow in the same
# step) computed once for each realloc() the phases make, that one
# failing and every other one moving its block (t/unit/test-phases-oom):
# each run ends in 0 or out of memory.  Before, the list's new block was
# dropped when the cell after it could not grow, and freed twice.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "no python3"
[ -n "${SANITIZE:-}${VALGRIND:-}" ] &&
	skip_all "the test's own realloc() is not the sanitizer's"
LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)

# the sample's DXT_POSIX region replaced by one record of the bursts,
# every region stored uncompressed (comp_type 2, FORMAT.md 2-3)
python3 - "$LOG" "$TMP/bursts.darshan" <<'PY'
import struct, sys, zlib
d = open(sys.argv[1], 'rb').read()
H = 1328
def inflate(b):
    out = b''
    while b:
        z = zlib.decompressobj()
        out += z.decompress(b)
        b = z.unused_data
        if not z.eof:
            break
    return out
noff, nlen = struct.unpack_from('<QQ', d, 32)
mods = [struct.unpack_from('<QQ', d, 48 + 16 * i) for i in range(64)]
job = inflate(d[H:noff])
names = inflate(d[noff:noff + nlen])
regs = {i: inflate(d[o:o + l]) for i, (o, l) in enumerate(mods) if l}
rec = bytearray(regs[10][:104])
struct.pack_into('<qq', rec, 88, 300, 0)
for i in range(300):
    s = (i // 3) * 3600.0 + i % 3
    rec += struct.pack('<qqddQ', i * 4096, 4096, s, s + 1, 0)
regs[10] = bytes(rec)
out = bytearray(d[:H])
out[16] = 2
out += job
struct.pack_into('<QQ', out, 32, len(out), len(names))
out += names
for i in range(64):
    o, l = (len(out), len(regs[i])) if i in regs else (0, 0)
    struct.pack_into('<QQ', out, 48 + 16 * i, o, l)
    out += regs.get(i, b'')
open(sys.argv[2], 'wb').write(out)
PY
ok $? "the log of bursts is written"
n=$($RUN timeline --format csv --phases "$TMP/bursts.darshan" 2>/dev/null |
	grep -c ',DXT_POSIX,job,')
is "$n" 100 "... its 100 bursts are 100 phases"
"$TOP/t/unit/test-phases-oom" "$TMP/bursts.darshan" >"$TMP/out" 2>&1
ok $? "each realloc failing in turn: 0 or out of memory, no block freed twice"
sed 's/^/# /' "$TMP/out"
done_testing
