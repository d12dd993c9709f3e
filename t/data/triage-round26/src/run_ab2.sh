#!/bin/sh
# B A B A reruns (the fixed twin first) for the pairs whose wall times differed by more than their logged
# I/O time in run_ab.sh: to see whether the order, not the I/O, made the difference.
cd /tmp/labels26/run
for k in ${KS:-3 4}; do
	for pair in "partlog-noflush partlog" "poll-root poll-every"; do
		for v in $pair; do LOGS=reruns PFX=r26-ab$k- ONLY=$v sh src/run_all.sh | grep -v '^total\|^-\|rc=0'; done
	done
done
