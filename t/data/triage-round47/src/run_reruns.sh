#!/bin/sh
# Round 47's reruns (after the labelled pass, before any label): two passes of all 14 programs, each problem
# program followed by its better twin, into reruns/ as r47-labels47-ab1-NAME and r47-labels47-ab2-NAME.
ALL="ckpt-coll fsync-rec fsync-end slab-read mc-summary coll-tiny coll-batch ftn-fpp ftn-reread ftn-readonce
 cut-cols awk-fflush awk-noflush restart-rd fpp-1m ftn-cfg sync-2k sync-1m state-every state-10"
for p in ab1 ab2; do
	LOGS=reruns PFX=r47-labels47-$p- ONLY="$ALL" bash /tmp/labels47/run/src/run_all.sh
done
