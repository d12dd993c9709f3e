# Round 122 (labels122): a thesis spectral analysis (kind 17): band power of a long float32 time series read
# in 4 MiB chunks. Mode "perband": the student's loop re-reads the whole file once per frequency band (8 bands);
# the file stands for a series larger than the node's page cache, so its pages are dropped after each pass
# (posix_fadvise DONTNEED) as memory pressure would. Mode "once": each chunk is read once and all bands computed.
import sys, os, numpy as np
path, mode = sys.argv[1], sys.argv[2]
bands = [(0.00, 0.02), (0.02, 0.05), (0.05, 0.1), (0.1, 0.15), (0.15, 0.2), (0.2, 0.3), (0.3, 0.4), (0.4, 0.5)]
CH = 1 << 20  # samples per chunk (4 MiB)
def passes(bandset, power):
    with open(path, "rb") as f:
        while True:
            x = np.fromfile(f, dtype=np.float32, count=CH)
            if x.size == 0: break
            fr = np.fft.rfftfreq(x.size)
            for b, (lo, hi) in bandset:   # the student's per-band spectrum (same compute in both modes)
                p = np.abs(np.fft.rfft(x * np.hanning(x.size))) ** 2
                power[b] += float(p[(fr >= lo) & (fr < hi)].sum())
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
power = [0.0] * len(bands)
if mode == "perband":
    for b in range(len(bands)):
        passes([(b, bands[b])], power)
else:
    passes(list(enumerate(bands)), power)
print(" ".join("%.3e" % p for p in power))
