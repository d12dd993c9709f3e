#!/bin/sh
# The rest of the A B reruns (run_ab.sh was stopped after its first pair at load 18: the pairs whose
# stakes lie near a floor, or whose twin was slower, are rerun; the rest keep one pair).
cd /tmp/labels32/run
while pgrep -f "app32 ckpt 1024 100 100 fsyncend" >/dev/null; do sleep 2; done
for pair in "ana-small ana-large" "post-reread post-once"; do
	for v in $pair; do LOGS=reruns PFX=r32-ab1- ONLY=$v sh src/run_all.sh; done
done
