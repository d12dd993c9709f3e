#!/usr/bin/env python3
# Round 188 (labels188): a serial Python training loop (pure Python, no numpy on this VM).
# py188.py SHARD LOGDIR CKPTDIR EPOCHS FSYNC
# Each epoch: reads the packed shard in 1 MiB f.readinto() chunks in a shuffled chunk order (os.posix_fadvise
# DONTNEED after the epoch: dataset larger than the page cache), 64 samples of 16 KiB a chunk, shuffles them,
# one step per BATCH (env, default 4) samples; appends one JSON metrics line a step to LOGDIR/metrics.jsonl (file kept open, flushed
# every step; FSYNC=1: os.fsync after every line, as a "crash-safe" logger does); at the end one checkpoint
# (8 MiB, one write, one fsync) and a small config.json.
import os, sys, json, random, math, time
shard, logdir, ckdir, epochs, dofsync = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == "1"
work = int(os.environ.get("COMPUTE", "200"))
CH, REC, BATCH = 1 << 20, 16384, int(os.environ.get("BATCH", "4"))
size = os.path.getsize(shard)
nch = size // CH
buf = bytearray(CH)
log = open(os.path.join(logdir, "metrics.jsonl"), "w")
step, s = 0, 0.0
t0 = time.time()
with open(shard, "rb", buffering=0) as f:
    for e in range(epochs):
        order = list(range(nch)); random.Random(100 + e).shuffle(order)
        nb = 0
        for c in order:
            f.seek(c * CH); f.readinto(buf)
            idx = list(range(CH // REC)); random.shuffle(idx)
            for i in idx:
                nb += 1
                if nb == BATCH:
                    nb = 0
                    for k in range(work): s += math.sin(buf[(i * REC + k * 61) % CH] * 0.01)  # the step
                    step += 1
                    log.write(json.dumps({"epoch": e, "step": step, "loss": 1.0 / step, "lr": 1e-3, "wall": round(time.time() - t0, 4)}) + "\n")
                    log.flush()
                    if dofsync: os.fsync(log.fileno())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
log.close()
w = bytes(8 << 20)
with open(os.path.join(ckdir, "model.ckpt"), "wb") as c:
    c.write(w); c.flush(); os.fsync(c.fileno())
with open(os.path.join(ckdir, "config.json"), "w") as c:
    json.dump({"steps": step, "epochs": epochs}, c)
print("py188: %d steps, %.2f s, sink %.3g" % (step, time.time() - t0, s))
