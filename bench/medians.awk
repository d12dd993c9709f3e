# bench/medians.awk: the medians of two sides' runs, shared by
# bench/sidebyside.sh and bench/tracer.sh.  Each input file holds one
# line a run, "status wall user sys maxrss_kb" (GNU time's
# '%e %U %S %M' after the exit status); file 1 is side A, file 2 side B.
# Sets W[k] (wall s), C[k] (CPU s: user + sys), R[k] (peak RSS MB) and
# bad[k] (a run exited nonzero) for k = 1, 2, then calls report(),
# which the program given after this one with a second -f defines.
function med(v, n,   i, j, t) {
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	return v[int((n + 1) / 2)]
}
FNR == 1 { f++ }
{
	if ($1 != 0) bad[f] = 1
	n[f]++; w[f, n[f]] = $2; c[f, n[f]] = $3 + $4; r[f, n[f]] = $5 / 1024
}
END {
	for (k = 1; k <= 2; k++) {
		for (i = 1; i <= n[k]; i++) { a[i] = w[k, i]; b[i] = c[k, i]; d[i] = r[k, i] }
		W[k] = med(a, n[k]); C[k] = med(b, n[k]); R[k] = med(d, n[k])
	}
	report()
}
