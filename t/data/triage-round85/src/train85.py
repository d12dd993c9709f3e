# train85.py: a serial Python/numpy training input pipeline (round 85, labels85).
#   train85.py files  DIR N EPOCHS WORK   one file per sample (DIR/s-NNNNN.bin), shuffled each epoch, read whole
#   train85.py packed FILE N EPOCHS WORK  the same samples packed in one shard, read in one go each epoch
#   train85.py memmap FILE N EPOCHS WORK  a float32 .npy dataset of N rows opened with np.load(mmap_mode='r')
# After each epoch the model (a 4 MiB float32 array) is saved with np.save next to the data.
import os, sys, numpy as np

def train(w, x, work):
    # a fixed amount of arithmetic per sample: the "step"
    for _ in range(work):
        w = w * 0.999 + np.tanh(x[: w.size]) * 1e-3
    return w

def samples_files(d, n, rng):
    for i in rng.permutation(n):
        with open(os.path.join(d, "s-%05d.bin" % i), "rb") as f:
            yield np.frombuffer(f.read(), dtype=np.float32)

def samples_packed(path, n, rng):
    with open(path, "rb") as f:
        data = np.frombuffer(f.read(), dtype=np.float32).reshape(n, -1)
    for i in rng.permutation(n):
        yield data[i]

def samples_memmap(path, n, rng):
    data = np.load(path, mmap_mode="r")
    for i in rng.permutation(n):
        yield np.array(data[i])

def main():
    mode, where, n, epochs, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    src = {"files": samples_files, "packed": samples_packed, "memmap": samples_memmap}[mode]
    out = os.path.dirname(os.path.abspath(where.rstrip("/")))
    model = np.zeros(1 << 20, dtype=np.float32)
    rng = np.random.default_rng(85)
    for ep in range(epochs):
        w = np.zeros(256, dtype=np.float32)
        for x in src(where, n, rng):
            w = train(w, x, work)
        model[:256] += w
        np.save(os.path.join(out, "ckpt-%s-e%d.npy" % (mode, ep)), model)
        print("epoch", ep, float(w.sum()))

main()
