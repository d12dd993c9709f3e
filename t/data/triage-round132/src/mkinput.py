# Round 132: the viz job's input, 4 dumps of 8 float64 node variables x 1 Mi nodes (64 MiB each); not logged
import sys, numpy as np
d = sys.argv[1]
for i in range(4):
    rng = np.random.default_rng(132 + i)
    rng.standard_normal(8 * (1 << 20)).tofile("%s/dump.%04d.bin" % (d, i))
