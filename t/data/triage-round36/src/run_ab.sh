#!/bin/bash
# A B A B reruns for the stakes (reruns/, not labelled), after the labelled runs: each bad variant beside the
# same program with the fix, KS rounds (default 1 2), named r36-labels36-abK-NAME; the A runs are also the reruns
# for the verdict-stability measure. readall, ckptend and h5-contig have no better twin: plain reruns.
cd /tmp/labels36/run
for k in ${KS:-1 2}; do
	for pair in "colread-elem colread-dtype" "sharedfp-shared sharedfp-at" "applog-each applog-end" \
		"halodiag-flush halodiag-buf" "openclose-each openclose-once" "hints-off hints-on" "h5-small h5-one" \
		"h5-chunk-indep h5-chunk-coll" readall ckptend h5-contig; do
		for v in $pair; do
			LOGS=reruns PFX=r36-labels36-ab$k- ONLY=$v bash src/run_all.sh | grep -v '^   [0-9]\|rc=0\|^$'
		done
	done
done
