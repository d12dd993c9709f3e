#!/bin/bash
# Round 69's reruns (reruns/, not labelled): two rounds, each labelled program followed by its better twin where one
# exists (scf-direct is scf-ooc's; scf-ooc-scr and scf-direct-24 are scf-ooc-slow's; scratch-one, cc-seq, dd-fsync).
S=/tmp/labels69/run/src
for b in 1 2; do
	LOGS=reruns PFX=r69-labels69-ab$b- ONLY="scf-ooc scf-direct scf-ooc-slow scf-ooc-scr scf-direct-24 scratch-many scratch-one cc-f90 cc-strided cc-seq py-scratch dd-dsync dd-fsync" $S/run_all.sh
done
