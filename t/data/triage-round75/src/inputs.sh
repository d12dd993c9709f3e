#!/bin/sh
# Round 75's inputs (made outside Darshan): an OpenFOAM-style points list for decompose75.awk (2 M points,
# awk srand(75)), and the binary restart case for app75's restart mode (one write time, 300000 cells a rank).
R=/tmp/labels75
mkdir -p $R/local/in
awk 'BEGIN{srand(75); n=2000000; print "FoamFile\n{\n    format ascii;\n    class vectorField;\n    object points;\n}\n\n" n "\n(";
	for(i=0;i<n;i++) printf "(%.9g %.9g %.9g)\n", rand(), rand()*0.1, rand()*0.1; print ")"}' > $R/local/in/points
rm -rf $R/local/rs
mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none -np 4 $R/run/app75 uncoll 300000 1 1 1 binary 6 $R/local/rs
