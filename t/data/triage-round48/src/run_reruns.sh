#!/bin/bash
# Round 48's reruns: two passes (ab1, ab2) of all 14 settings, each problem's better twin right after it.
cd /tmp/labels48/run
for pass in ab1 ab2; do
	for n in f-n1coll f-nn f-agg2 f-n1indep f-txt-coarse f-fsync-close f-serial s-n1coll s-rank0 s-rank0-fix \
		p-fsync-each p-fsync-each-fix p-txt-full p-txt-full-fix p-coll-64k p-coll-64k-fix \
		p-small-req p-small-req-fix p-every1 p-every1-fix; do
		ONLY=$n LOGS=reruns PFX=r48-labels48-$pass- src/run_all.sh
	done
done
