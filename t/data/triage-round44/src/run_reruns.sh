#!/bin/sh
# The two reruns of every labelled job and the B twins, after the labelled runs (logs in reruns/, not labelled).
S=/work/labels44/t/data/triage-round44/src
ALL="md-ckpt heat-f90 restart-coll sweep-mc sort-csv spectra gzip-field cg-solve hist-reopen hist-keep ckpt-fsync ckpt-end shared-indep shared-coll dump-text dump-bin lookup-pread lookup-once series-unbuf series-buf"
for k in 1 2; do
	ONLY="$ALL" LOGS=reruns PFX=r44-labels44-ab$k- $S/run_all.sh
done
