#!/bin/bash
# Round 69's extra A B pairs (reruns/, not labelled), after run_reruns.sh and before any label: the in-core SCF twin
# (added after the first reruns showed scf-ooc's 0.9-1.5 s of reads from the page cache) and the one-file twin of
# scratch-many (its first rerun pair was the wrong way round), two pairs each, bad variant first.
S=/tmp/labels69/run/src
for b in 3 4; do
	LOGS=reruns PFX=r69-labels69-ab$b- ONLY="scf-ooc scf-incore scf-ooc-slow scf-ooc-scr scf-incore-24 scratch-many scratch-one" $S/run_all.sh
done
