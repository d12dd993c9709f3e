#!/bin/bash
# Round 66: the labelled runs, then two rerun batches (reruns/, prefix r66-labels66-abN-) of the same 8
# programs, each followed by the better twin where one exists (cxx-nl, py-noflush, c-bigbuf).
S=/work/labels66/t/data/triage-round66/src
L="cxx-endl cxx-getline py-flush py-ser sort-pipe f90-direct py-csv c-smallbuf"
ONLY="$L" $S/run_all.sh
for b in 1 2; do
	for p in $L; do LOGS=reruns PFX=r66-labels66-ab$b- ONLY=$p $S/run_all.sh | grep -v '^[-t]'; done
	for p in cxx-nl py-noflush c-bigbuf; do LOGS=reruns PFX=r66-labels66-ab$b- ONLY=$p $S/run_all.sh | grep -v '^[-t]'; done
done
