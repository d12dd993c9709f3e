#!/bin/sh
# Round 45's reruns (not labelled): two sets of every labelled program plus the unlabelled better twins
# (hash-good, stdio-load, idx-keep), after the labelled run, named r45-labels45-abN-NAME.
S=/tmp/labels45/src
L="csr-spmv ftn-ooc shuffle-tiny shuffle-buf part-rmw part-sorted sample-sort stdio-seek stdio-load idx-reopen idx-keep sqlite-lookup graph-rand graph-sorted bcyc-indep bcyc-view hash-skew hash-good"
for n in 1 2; do LOGS=reruns PFX=r45-labels45-ab$n- ONLY="$L" $S/run_all.sh; done
