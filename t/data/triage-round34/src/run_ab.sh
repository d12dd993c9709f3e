#!/bin/bash
# Round 34's reruns (reruns/, not labelled), made after the labelled pass and before any label was written:
# 2 A B pairs of each program that has a better variant (bad variant first), then 2 plain reruns of the others.
R=/tmp/labels34/run; RUN=/work/labels34/t/data/triage-round34/src/run_all.sh
for p in "tar-c tar-c-big" "sqlite-row sqlite-batch" "csv-flush csv-buf" "rec512 rec-one" "sort sort-big" \
	"h5-many h5-one" "logfsync logfsync-end"; do
	set -- $p
	for k in 1 2; do
		ONLY=$1 LOGS=reruns PFX=r34-ab$k- $RUN | grep -v '^    '
		ONLY=$2 LOGS=reruns PFX=r34-ab$k- $RUN | grep -v '^    '
	done
done
for k in 1 2; do
	ONLY="untar rsync grep-r gzip gunzip dd-copy" LOGS=reruns PFX=r34-rr$k- $RUN | grep -v '^    '
done
