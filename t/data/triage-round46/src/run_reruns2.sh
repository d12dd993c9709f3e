#!/bin/sh
# The two names run_reruns.sh skipped (see there): untar-stage and mods-pack, for passes ab1 and ab2, each
# mods-pack right after a mods-all of the same pass label's config (mods-all itself is not rerun here).
SRC=/work/labels46/t/data/triage-round46/src
for p in ab1 ab2; do
	LOGS=reruns PFX=r46-labels46-$p- ONLY="untar-stage mods-pack" sh $SRC/run_all.sh
done
