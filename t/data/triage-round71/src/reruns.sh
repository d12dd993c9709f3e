#!/bin/bash
# Round 71's reruns: the 8 labelled programs twice more (ab1, ab2) and the B twins after their A programs.
R=/tmp/labels71/run; cd $R
for k in ab1 ab2; do
	LOGS=reruns PFX=r71-labels71-$k- ONLY="ckpt hdrtiny hdrbuf fsync nosync plot regrid restart f90 pyslice pybox" ./src/run_all.sh
done
