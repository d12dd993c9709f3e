# Round 89's inputs (labels89), not run under Darshan: a FASTQ file, a run's dumps, an image stack.
# Usage: mkinputs.py fastq PATH NREADS | dumps DIR N | stack DIR N
import os, sys, numpy as np
rng = np.random.default_rng(8989)
what = sys.argv[1]
if what == "fastq":
    n = int(sys.argv[3]); b = np.frombuffer(b"ACGT", dtype=np.uint8)
    with open(sys.argv[2], "w") as fp:
        for i in range(0, n, 1000):
            seqs = b[rng.integers(0, 4, (1000, 100))]
            fp.write("".join("@r%d\n%s\n+\n%s\n" % (i + k, s.tobytes().decode(), "I" * 100) for k, s in enumerate(seqs)))
elif what == "dumps":
    os.makedirs(sys.argv[2], exist_ok=True)
    for i in range(int(sys.argv[3])):
        rng.standard_normal((512, 1024)).tofile("%s/dump_%04d.bin" % (sys.argv[2], i))
elif what == "stack":
    os.makedirs(sys.argv[2], exist_ok=True)
    for i in range(int(sys.argv[3])):
        rng.random((512, 512), dtype=np.float32).tofile("%s/frame_%04d.f32" % (sys.argv[2], i))
