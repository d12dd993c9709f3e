#!/bin/bash
# The labelled runs, then two rerun batches (with the better twins) into ../reruns: r68-labels68-ab1-NAME, -ab2-NAME.
S=/work/labels68/t/data/triage-round68/src
L="rtm-ooc segy-sample py-gather gzip-line rtm-fsync ckpt-f90 segy-shot"
T="segy-trace py-gather-once rtm-nofsync"
ONLY="$L" bash $S/run_all.sh
for b in ab1 ab2; do LOGS=reruns PFX=r68-labels68-$b- ONLY="$L $T" bash $S/run_all.sh; done
