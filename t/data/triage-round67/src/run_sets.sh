#!/bin/sh
# Round 67: the labelled runs, then two rerun sets with the twins (ab1: problem program then its twin;
# ab2: twin first). Each set runs every program once.
S=/tmp/labels67/run/src
MAIN="snap-nm halo-cat lcone-f90 pspec-py fpp-tiny restart-4 mtree-sync lcone-each"
LOGS=logs PFX=r67- ONLY="$MAIN" sh $S/run_all.sh
LOGS=reruns PFX=r67-labels67-ab1- ONLY="$MAIN fpp-big mtree-end lcone-step" sh $S/run_all.sh
LOGS=reruns PFX=r67-labels67-ab2- ONLY="fpp-big mtree-end lcone-step" sh $S/run_all.sh
LOGS=reruns PFX=r67-labels67-ab2- ONLY="$MAIN" sh $S/run_all.sh
