#!/bin/sh
# Round 46's reruns (after the labelled pass, before any label): two passes of all 14 programs, each problem
# program followed by its better twin(s), into reruns/ as r46-labels46-ab1-NAME and r46-labels46-ab2-NAME.
SRC=/work/labels46/t/data/triage-round46/src
ALL="ens-member cfg-start ckpt-rotate log-root walk-first restart-parts ftn-members untar-stage
 scratch-files scratch-one copy-rotate rename-rotate status-fsync status-plain status-sparse mods-all mods-pack
 rescan-every rescan-once split-lines split-big"
for p in ab1 ab2; do
	LOGS=reruns PFX=r46-labels46-$p- ONLY="$ALL" sh $SRC/run_all.sh
done
# As first run (10:15-10:29), ONLY held the newlines of $ALL, so run_all.sh's `only` test skipped the two names
# that ended a line (untar-stage, mods-pack); they were run afterwards, for both passes, by run_reruns2.sh.
