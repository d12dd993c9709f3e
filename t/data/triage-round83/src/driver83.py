# Round 83 workflow driver: collect the results of N finished calculations (job directories DIR/calc-NNN) and fit
# an equation of state (numpy least squares, many bootstrap resamples: the driver's compute).
# driver83.py outcar ROOT N BOOT: parse each calc's OUTCAR (the last TOTEN line) and its POSCAR (the volume)
# driver83.py wavecar ROOT N BOOT: the same, but the energy is taken from a checksum of the whole WAVECAR read with
#   np.fromfile (the wavefunction is read only to get one number the OUTCAR already has)
import sys, os, numpy as np
mode, root, n, boot = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
vol, en = [], []
for i in range(n):
    d = os.path.join(root, "calc-%03d" % i)
    with open(os.path.join(d, "POSCAR")) as f:
        a = float(f.readlines()[2].split()[0])
    vol.append(a ** 3)
    if mode == "wavecar":
        w = np.fromfile(os.path.join(d, "WAVECAR"), dtype=np.float64)
        en.append(-10.0 + float(w[:1024].mean()) * 1e-3)
    else:
        with open(os.path.join(d, "OUTCAR")) as f:
            last = [l for l in f if "TOTEN" in l][-1]
        en.append(float(last.split("=")[1].split()[0]))
v, e = np.array(vol), np.array(en)
rng = np.random.default_rng(83)
coef = np.zeros(3)
for b in range(boot):
    k = rng.integers(0, n, n)
    A = np.vstack([v[k] ** 2, v[k], np.ones(n)]).T
    c, *_ = np.linalg.lstsq(A, e[k], rcond=None)
    coef += c
coef /= boot
with open(os.path.join(root, "eos.dat.tmp"), "w") as f:
    f.write("%.10e %.10e %.10e\n" % tuple(coef))
os.rename(os.path.join(root, "eos.dat.tmp"), os.path.join(root, "eos.dat"))
print("V0 = %.4f" % (-coef[1] / (2 * coef[0])))
