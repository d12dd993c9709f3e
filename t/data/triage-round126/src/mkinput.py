# Round 126's inputs (not under Darshan): a DEM raster (N^2 float32, smooth hills plus noise) and a text corpus.
import sys, numpy as np
what, path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = np.random.default_rng(126)
if what == "dem":
    y, x = np.mgrid[0:n, 0:n] / n
    z = 800 + 300 * np.sin(6 * x) * np.cos(4 * y) + rng.normal(scale=2, size=(n, n))
    z.astype(np.float32).tofile(path)
else:
    # Zipf-distributed vocabulary of 5000 pseudo-words plus the words the concordance looks for
    base = ["the", "of", "and", "to", "in", "that", "river", "king", "ship", "letter", "mother", "winter"]
    syl = ["ka", "lo", "mi", "ren", "tu", "sa", "vel", "or", "in", "da", "pe", "gor"]
    vocab = base + ["".join(rng.choice(syl, rng.integers(2, 4))) for _ in range(5000)]
    p = 1.0 / np.arange(1, len(vocab) + 1); p /= p.sum()
    nw = (n << 20) // 6
    w = np.array(vocab)[rng.choice(len(vocab), nw, p=p)]
    w[11::12] = np.char.add(w[11::12], "\n")
    with open(path, "w") as f:
        f.write(" ".join(w.tolist()))
