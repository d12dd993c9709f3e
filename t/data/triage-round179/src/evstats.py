#!/usr/bin/env python3
# Round 179 (labels179): events post-processor (MATSim's analysis step): read every per-rank, per-iteration zlib-compressed
# event file of a qsim run whole, count link entries and leg durations per iteration, write legstats.csv.
import sys, os, zlib, re, collections
d, out = sys.argv[1], sys.argv[2]
pat = re.compile(rb'time="(\d+)" type="([a-z ]+)" person="(\d+)"')
rows = []
for name in sorted(os.listdir(d)):
    if not name.endswith('.events.gz'):
        continue
    it = int(name[2:name.index('.')])
    with open(os.path.join(d, name), 'rb') as f:
        data = zlib.decompress(f.read())
    c = collections.Counter()
    first = {}
    dur = 0
    for m in pat.finditer(data):
        t, ty, p = int(m.group(1)), m.group(2), m.group(3)
        c[ty] += 1
        if p in first:
            dur += t - first[p]
        else:
            first[p] = t
    rows.append((it, name, c[b'entered link'], c[b'left link'], dur))
with open(out, 'w') as f:
    f.write('iteration,file,entered,left,legtime\n')
    for r in rows:
        f.write('%d,%s,%d,%d,%d\n' % r)
print('evstats: %d files' % len(rows))
