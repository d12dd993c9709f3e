#!/bin/bash
# The two reruns of every program (ab1, ab2) and the twin steps-end (not labelled), named r59-labels59-abN-NAME.
SRC=/work/labels59/t/data/triage-round59/src
for ab in ab1 ab2; do
	LOGS=reruns PFX=r59-labels59-$ab- bash $SRC/run_all.sh
done
