# Round 70's plotting script: reads a few result files (.npy fields), computes profiles and a histogram,
# and writes one PPM image and one summary text file.
import sys, numpy as np, time
t0 = time.time()
files, out = sys.argv[1:-1], sys.argv[-1]
fields = [np.load(f) for f in files]
img = np.zeros((512, 512 * len(fields)), dtype=np.uint8)
summ = []
for k, f in enumerate(fields):
    g = f
    for _ in range(30):
        g = 0.25 * (np.roll(g, 1, 0) + np.roll(g, -1, 0) + np.roll(g, 1, 1) + np.roll(g, -1, 1))
    s = g[:: g.shape[0] // 512, :: g.shape[1] // 512][:512, :512]
    img[:, 512 * k:512 * (k + 1)] = (255 * (s - s.min()) / (np.ptp(s) + 1e-30)).astype(np.uint8)
    h, _ = np.histogram(g, bins=32)
    summ.append("%s mean %.6e std %.6e hist %s" % (files[k], g.mean(), g.std(), " ".join(map(str, h))))
with open(out + ".ppm", "wb") as o:
    o.write(b"P5 %d 512 255\n" % img.shape[1]); o.write(img.tobytes())
with open(out + ".txt", "w") as o:
    o.write("\n".join(summ) + "\n")
print("own time %.3f s" % (time.time() - t0))
