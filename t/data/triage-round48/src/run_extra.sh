#!/bin/bash
# Round 48: the fifteenth setting (p-txt-rank0), added after the first labelled pass: its labelled run,
# then two passes of it and its twins (text files a rank; binary through rank 0), after run_reruns.sh.
cd /tmp/labels48/run
ONLY=p-txt-rank0 src/run_all.sh
for pass in ab1 ab2; do
	for n in p-txt-rank0 p-txt-rank0-fix p-txt-rank0-bin; do ONLY=$n LOGS=reruns PFX=r48-labels48-$pass- src/run_all.sh; done
done
