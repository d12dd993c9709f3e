#!/bin/sh
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs: each bad variant
# beside the same program with the fix, KS rounds (default 1 2), the program's own clock.
cd /tmp/labels26/run
for k in ${KS:-1 2}; do
	for pair in "ckpt-stridi ckpt-stridc" "ckpt-gather ckpt-coll" "ckpt-fpp ckpt-coll" "h5-indep h5-coll" \
		"partlog partlog-noflush" "deck-all deck-bcast" "reread-each reread-once" "series-reopen series-keep" \
		"poll-every poll-root" "journal-each journal-end"; do
		for v in $pair; do LOGS=reruns PFX=r26-ab$k- ONLY=$v sh src/run_all.sh | grep -v '^total\|^-\|rc=0'; done
	done
done
