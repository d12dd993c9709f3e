#!/bin/bash
# Round 60's reruns (not labelled): two passes of every program, each problem followed by its better twin (-B).
cd /tmp/labels60/run
ALL="sim-coll sim-restart f90-model ens quiet sh-gzip sh-sort tinyread tinyread-B py-stats diag-flush diag-B mover mover-B py-rows py-rows-B"
for p in ab1 ab2; do LOGS=reruns PFX=r60-labels60-$p- ONLY="$ALL" src/run_all.sh; done
