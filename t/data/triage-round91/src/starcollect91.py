# Round 91: collect per-micrograph particle .star files (RELION-like metadata) into one table, numpy statistics,
# write the merged particles.star and a defocus histogram. python3 starcollect91.py gen DIR N | collect DIR N OUT
import sys, os
import numpy as np
def gen(d, n):
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(91)
    for m in range(n):
        with open(f"{d}/mic{m:04d}_extract.star", "w") as f:
            f.write("\ndata_particles\n\nloop_\n_rlnCoordinateX #1\n_rlnCoordinateY #2\n_rlnDefocusU #3\n"
                    "_rlnDefocusV #4\n_rlnAutopickFigureOfMerit #5\n_rlnImageName #6\n")
            for q in range(int(rng.integers(30, 60))):
                x, y = rng.uniform(0, 4096, 2); du = rng.normal(15000, 3000)
                f.write(f"{x:10.2f} {y:10.2f} {du:10.2f} {du*0.98:10.2f} {rng.uniform():8.4f} {q+1:06d}@Particles/mic{m:04d}.mrcs\n")
def collect(d, n, out):
    rows, names = [], []
    for m in range(n):
        with open(f"{d}/mic{m:04d}_extract.star") as f:
            for line in f:
                t = line.split()
                if len(t) == 6 and not line.startswith("_"):
                    rows.append([float(v) for v in t[:5]]); names.append(t[5])
    a = np.array(rows)
    # the statistics step: bootstrap confidence of the mean defocus per figure-of-merit decile (compute-bound)
    rng = np.random.default_rng(1); dec = np.quantile(a[:, 4], np.linspace(0, 1, 11)); res = []
    for i in range(10):
        s = a[(a[:, 4] >= dec[i]) & (a[:, 4] <= dec[i + 1]), 2]
        bs = np.array([rng.choice(s, s.size).mean() for _ in range(int(sys.argv[5]) if len(sys.argv) > 5 else 3000)])
        res.append((s.mean(), bs.std()))
    with open(out, "w") as f:
        f.write("\ndata_particles\n\nloop_\n_rlnCoordinateX #1\n_rlnCoordinateY #2\n_rlnDefocusU #3\n_rlnDefocusV #4\n"
                "_rlnAutopickFigureOfMerit #5\n_rlnImageName #6\n")
        for r, nm in zip(rows, names):
            f.write("%10.2f %10.2f %10.2f %10.2f %8.4f %s\n" % (*r, nm))
    with open(out + ".defocus.txt", "w") as f:
        for i, (mu, sd) in enumerate(res): f.write(f"{i} {mu:.1f} {sd:.2f}\n")
    print(len(rows), "particles from", n, "files")
if sys.argv[1] == "gen": gen(sys.argv[2], int(sys.argv[3]))
else: collect(sys.argv[2], int(sys.argv[3]), sys.argv[4])
