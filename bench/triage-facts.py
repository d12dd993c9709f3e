#!/usr/bin/env python3
"""The counters behind t/data/triage-labels.tsv, read from darshan-parser
output (iolens parse --show-incomplete, byte for byte darshan-parser's),
not from iolens's analyses: a second, independent reading for labelling.

usage: iolens parse --show-incomplete LOG | bench/triage-facts.py

Prints one line of key=value facts a reviewer needs to judge each rule:
run time, processes, the I/O time a rank spends per layer (own records'
max plus shared records' slowest rank), metadata, small requests (the
100K_1M bin split by the common access sizes), STDIO/DFS/DAOS bytes,
MPI-IO collective and independent operations, fsyncs, shared-file
slowest/fastest/mean rank times and bytes.
"""
import sys
from collections import defaultdict

hdr = {}
recs = defaultdict(dict)  # (mod, rank, id) -> counters
names = {}
incomplete = []
for line in sys.stdin:
    if line.startswith('#'):
        for k in ('nprocs', 'run time'):
            if line.startswith('# %s:' % k):
                hdr[k] = float(line.split(':', 1)[1])
        if 'incomplete data' in line:
            incomplete.append(line.split()[3])
        continue
    f = line.rstrip('\n').split('\t')
    if len(f) < 6:
        continue
    mod, rank, rid, ctr, val = f[0], int(f[1]), f[2], f[3], f[4]
    try:
        v = float(val)
    except ValueError:
        continue
    recs[(mod, rank, rid)][ctr] = v
    names[rid] = f[5]

N = int(hdr.get('nprocs', 1))
RT = hdr.get('run time', 0)
P = {'POSIX': 'POSIX', 'MPI-IO': 'MPIIO', 'STDIO': 'STDIO', 'H5D': 'H5D',
     'PNETCDF_VAR': 'PNETCDF_VAR', 'DFS': 'DFS', 'DAOS': 'DAOS'}


def layer_time(mod):
    """time by slowest: max over ranks of own records + shared slowest"""
    p = P[mod]
    own = defaultdict(float)
    shared = 0.0
    tot = meta = 0.0
    seen = False
    for (m, r, rid), c in recs.items():
        if m != mod:
            continue
        seen = True
        t = sum(max(c.get('%s_F_%s_TIME' % (p, k), 0), 0)
                for k in ('READ', 'WRITE', 'META'))
        tot += t
        meta += max(c.get('%s_F_META_TIME' % p, 0), 0)
        if r < 0:
            shared += max(c.get('%s_F_SLOWEST_RANK_TIME' % p, 0), 0)
        else:
            own[r] += t
    if not seen:
        return None
    return (max(own.values()) if own else 0) + shared, tot, meta


out = {'nprocs': N, 'run': RT}
if incomplete:
    out['incomplete'] = ','.join(incomplete)
for mod in ('POSIX', 'STDIO', 'MPI-IO', 'H5D', 'PNETCDF_VAR'):
    lt = layer_time(mod)
    if lt:
        out[mod + '_slowest_s'] = round(lt[0], 3)
        out[mod + '_meta_per_rank_s'] = round(lt[2] / max(N, 1), 3)
ps = layer_time('POSIX') or (0, 0, 0)
ss = layer_time('STDIO') or (0, 0, 0)
out['posix+stdio_meta_sum_s'] = round(ps[2] + ss[2], 3)

bins = ['0_100', '100_1K', '1K_10K', '10K_100K', '100K_1M']
small = allops = one_mib = 0
byts = defaultdict(float)
coll = indep = 0
syncs = writes = 0
shinfo = []
for (m, r, rid), c in recs.items():
    if m == 'POSIX':
        ops = c.get('POSIX_READS', 0) + c.get('POSIX_WRITES', 0)
        allops += ops
        s = sum(c.get('POSIX_SIZE_%s_%s' % (d, b), 0)
                for d in ('READ', 'WRITE') for b in bins)
        m1 = sum(c.get('POSIX_ACCESS%d_COUNT' % k, 0) for k in range(1, 5)
                 if c.get('POSIX_ACCESS%d_ACCESS' % k) == 1048576)
        small += s - min(m1, s)
        one_mib += m1
        syncs += c.get('POSIX_FSYNCS', 0) + c.get('POSIX_FDSYNCS', 0)
        writes += c.get('POSIX_WRITES', 0)
        if r < 0 and N > 1:
            t = sum(max(c.get('POSIX_F_%s_TIME' % k, 0), 0)
                    for k in ('READ', 'WRITE', 'META'))
            b = c.get('POSIX_BYTES_READ', 0) + c.get('POSIX_BYTES_WRITTEN', 0)
            if b >= 1 << 20:
                shinfo.append((c.get('POSIX_F_SLOWEST_RANK_TIME', 0),
                               t / N, c.get('POSIX_F_FASTEST_RANK_TIME', 0),
                               c.get('POSIX_SLOWEST_RANK_BYTES', 0),
                               b / N, names[rid][-30:]))
    p = P.get(m)
    if p:
        byts[m] += (max(c.get('%s_BYTES_READ' % p, 0), 0) +
                    max(c.get('%s_BYTES_WRITTEN' % p, 0), 0))
    if m == 'MPI-IO':
        coll += c.get('MPIIO_COLL_READS', 0) + c.get('MPIIO_COLL_WRITES', 0)
        indep += (c.get('MPIIO_INDEP_READS', 0) +
                  c.get('MPIIO_INDEP_WRITES', 0))
out['posix_ops'] = int(allops)
out['posix_small_ops'] = int(small)
out['posix_1MiB_ops'] = int(one_mib)
for m, b in sorted(byts.items()):
    out[m + '_bytes'] = int(b)
if any(m == 'MPI-IO' for (m, _, _) in recs):
    out['mpiio_coll'] = int(coll)
    out['mpiio_indep'] = int(indep)
out['fsyncs'] = int(syncs)
out['posix_writes'] = int(writes)
out['files'] = len({rid for (_, _, rid) in recs})
for s in sorted(shinfo, reverse=True)[:1]:
    out['shared_slow_mean_fast_s'] = '%.3f/%.3f/%.3f' % s[:3]
    out['shared_slow_mean_B'] = '%d/%d' % s[3:5]
    out['shared_file'] = s[5]
print(' '.join('%s=%s' % kv for kv in out.items()))
