#!/bin/bash
# Added after the reruns, before any label: stage-shm's rank-0 staging against every rank staging its own slice
# (pstage-shm), 2 A B pairs (PFX r57-twin-ab1-, -ab2-; reruns/). Uses app57 rebuilt with the pstage mode
# (the other modes unchanged).
SRC=/work/labels57/t/data/triage-round57/src
for k in 1 2; do for n in stage-shm pstage-shm; do
	LOGS=reruns PFX=r57-twin-ab$k- ONLY="$n" bash $SRC/run_all.sh
done; done
