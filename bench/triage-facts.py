#!/usr/bin/env python3
"""The counters a labeller of triage findings reads, from darshan-parser
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

# metadata a rank: the rank with the most in its own records plus the
# mean rank's share of the shared records'
def meta_rank(mods=('POSIX', 'STDIO')):
    own = defaultdict(float)
    sh = 0.0
    for (m, r, rid), c in recs.items():
        if m not in mods:
            continue
        t = max(c.get('%s_F_META_TIME' % P[m], 0), 0)
        if r < 0:
            sh += t
        else:
            own[r] += t
    return (max(own.values()) if own else 0) + sh / max(N, 1)


out['meta_a_rank_s'] = round(meta_rank(), 4)
top = max([v for k, v in out.items() if k.endswith('_slowest_s')
           and not k.startswith('STDIO')] +
          [(ps[0] or 0) + 0], default=0)
# POSIX+STDIO by slowest, as summary: own records of a rank summed over
# both modules plus the shared records' slowest
own = defaultdict(float)
shs = 0.0
for (m, r, rid), c in recs.items():
    if m not in ('POSIX', 'STDIO'):
        continue
    p = P[m]
    t = sum(max(c.get('%s_F_%s_TIME' % (p, k), 0), 0)
            for k in ('READ', 'WRITE', 'META'))
    if r < 0:
        shs += max(c.get('%s_F_SLOWEST_RANK_TIME' % p, 0), 0)
    else:
        own[r] += t
lo = (max(own.values()) if own else 0) + shs
out['posix+stdio_slowest_s'] = round(lo, 4)
out['io_top_s'] = round(max([lo] + [out.get(k + '_slowest_s', 0) for k in
                                     ('MPI-IO', 'H5D', 'PNETCDF_VAR')]), 4)
# per-rank bytes (POSIX + STDIO own records)
rb = defaultdict(float)
for (m, r, rid), c in recs.items():
    if m in ('POSIX', 'STDIO') and r >= 0:
        rb[r] += (max(c.get('%s_BYTES_READ' % P[m], 0), 0) +
                  max(c.get('%s_BYTES_WRITTEN' % P[m], 0), 0))
act = [v for v in rb.values() if v > 0]
if act and N > 1:
    out['rank_bytes_max/mean/min_active/n_active'] = '%d/%d/%d/%d' % (
        max(act), sum(act) / N, min(act), len(act))
# redundant: per file, bytes beyond the highest offset, over all records
fr = defaultdict(lambda: [0, 0, -1, -1])
for (m, r, rid), c in recs.items():
    if m == 'POSIX':
        f = fr[rid]
        f[0] += c.get('POSIX_BYTES_READ', 0)
        f[1] += c.get('POSIX_BYTES_WRITTEN', 0)
        f[2] = max(f[2], c.get('POSIX_MAX_BYTE_READ', -1))
        f[3] = max(f[3], c.get('POSIX_MAX_BYTE_WRITTEN', -1))
red = sum(max(f[0] - (f[2] + 1), 0) * (f[2] >= 0) +
          max(f[1] - (f[3] + 1), 0) * (f[3] >= 0) for f in fr.values())
pb = byts.get('POSIX', 0)
if pb:
    out['redundant_pct'] = round(100 * red / pb, 1)
# small-op seconds: each record's read+write time x its small share
# (a shared record: its slowest rank's time in the same shares)
sm_own = defaultdict(float)
sm_sh = 0.0
for (m, r, rid), c in recs.items():
    if m != 'POSIX':
        continue
    ops = c.get('POSIX_READS', 0) + c.get('POSIX_WRITES', 0)
    s_ = sum(c.get('POSIX_SIZE_%s_%s' % (d, b), 0)
             for d in ('READ', 'WRITE') for b in bins)
    top1m = (c.get('POSIX_SIZE_READ_100K_1M', 0) +
             c.get('POSIX_SIZE_WRITE_100K_1M', 0))
    m1 = sum(c.get('POSIX_ACCESS%d_COUNT' % k, 0) for k in range(1, 5)
             if c.get('POSIX_ACCESS%d_ACCESS' % k) == 1048576)
    s_ -= min(m1, top1m)
    rw = max(c.get('POSIX_F_READ_TIME', 0), 0) + \
        max(c.get('POSIX_F_WRITE_TIME', 0), 0)
    al = rw + max(c.get('POSIX_F_META_TIME', 0), 0)
    if ops <= 0 or s_ <= 0:
        continue
    if r < 0:
        sl = c.get('POSIX_F_SLOWEST_RANK_TIME', 0)
        t = sl * rw / al if al > 0 else 0
        sm_sh += t * s_ / ops
    else:
        sm_own[r] += rw * s_ / ops
out['small_s_a_rank'] = round((max(sm_own.values()) if sm_own else 0) +
                              sm_sh, 4)
# MPI-IO shared records: slowest / mean / fastest rank time
for (m, r, rid), c in recs.items():
    if m == 'MPI-IO' and r < 0 and N > 1:
        b = c.get('MPIIO_BYTES_READ', 0) + c.get('MPIIO_BYTES_WRITTEN', 0)
        t = sum(max(c.get('MPIIO_F_%s_TIME' % k, 0), 0)
                for k in ('READ', 'WRITE', 'META'))
        if b >= 1 << 20:
            out.setdefault('mpiio_shared_slow/mean/fast_s', [])
            out['mpiio_shared_slow/mean/fast_s'].append('%.3f/%.3f/%.3f' % (
                c.get('MPIIO_F_SLOWEST_RANK_TIME', 0), t / N,
                c.get('MPIIO_F_FASTEST_RANK_TIME', 0)))
if 'mpiio_shared_slow/mean/fast_s' in out:
    out['mpiio_shared_slow/mean/fast_s'] = ','.join(
        sorted(out['mpiio_shared_slow/mean/fast_s'], reverse=True)[:2])
print(' '.join('%s=%s' % kv for kv in out.items()))
