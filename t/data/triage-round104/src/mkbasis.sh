#!/bin/sh
# Round 104: write a Gaussian-type basis-set library (text, in the style of the EMSL/BSE "gaussian94" format) of
# N elements to FILE: every rank of the SCF jobs reads it whole at start, as QC codes read their basis library.
# mkbasis.sh FILE N
awk -v n="$2" 'BEGIN { for (z = 1; z <= n; z++) { printf "El%03d     0\n", z
	for (s = 0; s < 12; s++) { t = substr("SSSSPPPPDDDF", s + 1, 1); printf "%s   6   1.00\n", t
		for (k = 0; k < 6; k++) printf "  %16.8f  %16.8f\n", 1000.0 / (k + 1) / (s + 1) + z, 0.1 * (k + 1) / (s + 2) }
	print "****" } }' > "$1"
