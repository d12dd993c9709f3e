#!/bin/bash
# Twins added after the first A B pass (the labelled runs and run_ab.sh used the same app36 without the
# `batch` and `indep` options, which change no other mode): sharedfp-shared against its step-batched twin,
# readall (collective, OMPIO's aggregator) against one independent read_at a rank, h5-chunk-indep against the
# same without HDF5's fill-value writes (h5app36 gained `chunknf`); 2 A B pairs each.
cd /tmp/labels36/run
for k in ${KS:-1 2}; do
	for v in sharedfp-shared sharedfp-batch readall readall-indep h5-chunk-indep h5-chunknf-indep; do
		LOGS=reruns PFX=r36-labels36-ab2x$k- ONLY=$v bash src/run_all.sh | grep -v '^    \|rc=0\|^$'
	done
done
