# Round 63's parameter sweep: NP short "jobs" in one awk process, each integrating a damped driven
# oscillator for parameter k and writing its own small result file OUT/p_KK.txt (then closing it).
# Usage: awk -v NP=48 -v NSTEP=200000 -v OUT=dir -f sweep63.awk
BEGIN {
	for (k = 0; k < NP; k++) {
		w = 0.5 + k * 0.05; x = 1; v = 0; dt = 1e-3; amax = 0
		for (i = 0; i < NSTEP; i++) {
			a = -w * w * x - 0.1 * v + cos(1.3 * i * dt)
			v += a * dt; x += v * dt
			if (x > amax) amax = x
		}
		f = sprintf("%s/p_%02d.txt", OUT, k)
		printf "k %d omega %.4f xfinal %.8e amax %.8e\n", k, w, x, amax > f
		close(f)
	}
}
