# mksta.py (round 138): writes NSTA synthetic tide-gauge series (NSTEP lines each) as the model writes them; not logged.
import sys
import numpy as np
d, nsta, nstep = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(7)
t = np.arange(nstep) * 0.25
for s in range(nsta):
    z = 0.8 * np.cos(2 * np.pi * t / 12.4206 + s) + 0.3 * np.cos(2 * np.pi * t / 12.0) + 0.1 * rng.standard_normal(nstep)
    with open("%s/sta.%02d" % (d, s), "w") as f:
        for k in range(nstep):
            f.write("%8d %12.6f %12.6f %12.6f\n" % (k, z[k], 0.01 * z[k], -0.02 * z[k]))
