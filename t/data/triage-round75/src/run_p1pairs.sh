#!/bin/sh
# Round 75: extra pairs for P1 (ASCII writePrecision 6 against its binary twin), run 19:50 after the reruns and
# before any label: the binary twin beside the labelled run and ab1's, then two B A pairs (binary first).
R=/tmp/labels75
ONLY=uncoll-bin LOGS=$R/logs/labelled $R/src/run_all.sh
ONLY=uncoll-bin LOGS=$R/logs/r75-labels75-ab1 $R/src/run_all.sh
for p in ab3 ab4; do ONLY=uncoll-bin LOGS=$R/logs/r75-labels75-$p $R/src/run_all.sh; ONLY=uncoll LOGS=$R/logs/r75-labels75-$p $R/src/run_all.sh; done
