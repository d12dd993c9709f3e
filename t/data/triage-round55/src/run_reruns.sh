#!/bin/sh
# Round 55's reruns (not labelled): two passes, each every labelled program and the better twins.
T=/work/labels55/t/data/triage-round55/src
for p in ab1 ab2; do
	LOGS=reruns PFX=r55-labels55-$p- sh $T/run_all.sh
done
