# Round 108: write N input samples (1024 float32 = 4 KiB each) as DIR/samples/s-NNNNN.bin and packed in DIR/samples.bin.
import os, sys
import numpy as np
d, n = sys.argv[1], int(sys.argv[2])
os.makedirs(d + "/samples", exist_ok=True); os.makedirs(d + "/pred", exist_ok=True)
x = np.random.default_rng(108).standard_normal((n, 1024)).astype(np.float32)
x.tofile(d + "/samples.bin")
for i in range(n):
    x[i].tofile("%s/samples/s-%05d.bin" % (d, i))
