# Round 122: the 64 MiB float32 input series of spectral122 (not part of any log).
import sys, numpy as np
rng = np.random.default_rng(122)
t = np.arange(16 << 20, dtype=np.float64)
x = (np.sin(0.07 * t) + 0.5 * np.sin(0.9 * t) + rng.standard_normal(t.size)).astype(np.float32)
x.tofile(sys.argv[1])
