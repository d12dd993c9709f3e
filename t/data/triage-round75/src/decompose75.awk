# Round 75: decomposePar as a Debian-tools pipeline step.  Reads an OpenFOAM-style points list ("(x y z)" a line,
# after a FoamFile header and the count) and a cell-centre list of the same length, splits them into NP processor
# slabs along x (simple decomposition, as decomposeParDict's "simple" method with n (NP 1 1)), and writes for each
# processor constant/polyMesh/points and the pointProcAddressing map reconstructPar needs, plus a log summary.
# usage: awk -v NP=4 -v CASE=dir -v XMAX=1.0 -f decompose75.awk points
BEGIN { hdr = 1 }
hdr && /^\(/ && NF == 1 { hdr = 0; next }
hdr { next }
/^\)/ { exit }
{
	x = substr($1, 2) + 0
	q = int(x / XMAX * NP); if (q >= NP) q = NP - 1; if (q < 0) q = 0
	f = CASE "/processor" q "/constant/polyMesh/points"
	m = CASE "/processor" q "/constant/polyMesh/pointProcAddressing"
	printf "%s\n", $0 > f
	printf "%d\n", NR - 1 > m; n[q]++
	sx[q] += x
}
END {
	for (q = 0; q < NP; q++)
		printf "processor%d: %d points, mean x %.6f\n", q, n[q], (n[q] ? sx[q] / n[q] : 0) > CASE "/log.decomposePar"
}
