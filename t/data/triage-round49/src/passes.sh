#!/bin/bash
# Round 49's passes, in order: the labelled pass (the 14 programs, logs/), their 6 better twins once
# (twins/), then two rerun passes of all 20 (reruns/, prefixes r49-labels49-ab1- and -ab2-; each twin
# runs right after its program).
cd /tmp/labels49/run
P14="ckpt-n1 ckpt-nn reduce mesh-f90 csv-py mmap-in awk-pipe nml-f90 hash-probe twopass-f90 lenrec-rec graph-root files-many imbal-skew"
TW="hash-load onepass-f90 lenrec-chunk graph-coll files-packed imbal-even"
LOGS=logs ONLY="$P14" src/run_all.sh
LOGS=twins ONLY="$TW" src/run_all.sh
LOGS=reruns PFX=r49-labels49-ab1- src/run_all.sh
LOGS=reruns PFX=r49-labels49-ab2- src/run_all.sh
