#!/bin/sh
# A B reruns for the stakes (reruns/, not labelled), after the labelled runs: each bad variant beside
# its better twin, KS rounds (default 1), the program's own clock and the log's counters.
cd /tmp/labels32/run
for k in ${KS:-1}; do
	for pair in "ckpt-fsync ckpt-fsyncend" "ckpt-rank0 ckpt-coll" "ana-small ana-large" "post-reread post-once" \
		"py-many py-one"; do
		for v in $pair; do LOGS=reruns PFX=r32-ab$k- ONLY=$v sh src/run_all.sh; done
	done
done
