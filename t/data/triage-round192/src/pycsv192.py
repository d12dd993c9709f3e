#!/usr/bin/env python3
# Round 192 (labels192): a pandas-style CSV job in plain Python (pandas is not installed on this VM and there is no
# network): read an edge/event CSV "src,dst,weight,ts" in 256 KiB chunks (pandas' C parser reads 262144 B at a time),
# parse, group by src bucket (sum weight, count), write a small result CSV and a short progress log.
# gen: python3 pycsv192.py gen FILE ROWS   (outside Darshan)
import sys, os, random
if sys.argv[1] == "gen":
    random.seed(192)
    with open(sys.argv[2], "w") as f:
        for i in range(int(sys.argv[3])):
            f.write("%d,%d,%.4f,%d\n" % (random.randrange(1 << 20), random.randrange(1 << 20), random.random(), 1700000000 + i))
    sys.exit(0)
inp, outdir = sys.argv[1], sys.argv[2]
CH = 262144
agg = {}
rows = 0
log = open(os.path.join(outdir, "job.log"), "w")
with open(inp, "rb", buffering=0) as f:
    rest = b""
    nchunk = 0
    while True:
        b = f.read(CH)
        if not b:
            break
        b = rest + b
        cut = b.rfind(b"\n") + 1
        rest = b[cut:]
        for line in b[:cut].split(b"\n")[:-1]:
            s, d, w, t = line.split(b",")
            k = int(s) >> 10
            a = agg.get(k)
            if a is None:
                agg[k] = [float(w), 1]
            else:
                a[0] += float(w); a[1] += 1
            rows += 1
        nchunk += 1
        if nchunk % 16 == 0:
            log.write("chunk %d rows %d groups %d\n" % (nchunk, rows, len(agg)))
with open(os.path.join(outdir, "groups.csv"), "w") as o:
    o.write("bucket,weight_sum,count\n")
    for k in sorted(agg):
        o.write("%d,%.4f,%d\n" % (k, agg[k][0], agg[k][1]))
log.write("done rows %d groups %d\n" % (rows, len(agg)))
log.close()
print("pycsv: %d rows, %d groups" % (rows, len(agg)))
