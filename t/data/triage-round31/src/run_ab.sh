#!/bin/bash
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs: each bad variant
# beside the same program with the fix, KS rounds (default 1 2); the A runs are also the reruns
# for the verdict-stability measure. restart and oocr have no twin: RR rounds of plain reruns.
cd /tmp/labels31/run
for k in ${KS:-1 2}; do
	for pair in "ckpt-stridi ckpt-stridc" "ckpt-gather ckpt-coll" "ckpt-fpp ckpt-coll" "h5-indep h5-coll" \
		"partlog partlog-noflush" "deck-all deck-bcast" "meta meta-one" "journal-each journal-end"; do
		for v in $pair; do
			[ "$pair" = "ckpt-fpp ckpt-coll" ] && [ $v = ckpt-coll ] && p=r31-ab$k-fpp- || p=r31-ab$k-
			LOGS=reruns PFX=$p ONLY=$v bash src/run_all.sh | grep -v '^   [0-9]\|rc=0'
		done
	done
	LOGS=reruns PFX=r31-rr$k- ONLY="restart oocr" bash src/run_all.sh | grep -v '^   [0-9]\|rc=0'
done
