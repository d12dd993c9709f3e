#!/bin/bash
# Round 57's reruns (not labelled): every labelled program twice more (PFX r57-labels57-ab1-, -ab2-), then the
# A B twins, the bad variant first, one pair each round (PFX r57-twin-ab1-, -ab2-). Logs in reruns/.
SRC=/work/labels57/t/data/triage-round57/src
ALL="stage-shm nostage slice allread shm py-interm-local py-stage f90-restart dd-stagein py-tarout dd-small ckptslow"
TW="nostage stage-slow allread bcast py-interm-local py-interm-shm dd-small dd-big ckptslow ckptfast"
for k in 1 2; do
	LOGS=reruns PFX=r57-labels57-ab$k- ONLY="$ALL" bash $SRC/run_all.sh
	for p in "nostage stage-slow" "allread bcast" "py-interm-local py-interm-shm" "dd-small dd-big" "ckptslow ckptfast"; do
		for n in $p; do LOGS=reruns PFX=r57-twin-ab$k- ONLY="$n" bash $SRC/run_all.sh; done
	done
done
