# Round 51: a serial awk task farm: each task's text input (lines of 8 numbers) is reduced line by line to
# statistics (sum, mean, root of the sum of squares) written to the task's own result file; one line a task
# to the farm's log. usage: awk -v NT=.. -v IN=dir -v OUT=dir -f farm51.awk
BEGIN {
	for (t = 0; t < NT; t++) {
		inf = sprintf("%s/txt.%02d", IN, t % 8); outf = sprintf("%s/awk.%04d", OUT, t); n = 0; tot = 0
		while ((getline line < inf) > 0) {
			k = split(line, v, " "); s = 0; q = 0
			for (i = 1; i <= k; i++) { s += v[i]; q += v[i] * v[i] }
			printf "%d %.6f %.6f %.6f\n", n++, s, s / k, sqrt(q) > outf; tot += s
		}
		close(inf); close(outf)
		printf "task %d lines %d total %.6e\n", t, n, tot > (OUT "/farm.log")
	}
	close(OUT "/farm.log")
}
