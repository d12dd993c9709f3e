#!/bin/bash
# Round 63's reruns (not labelled): two passes, every program once a pass, each problem followed by its
# better twin (-B). Logs: reruns/r63-labels63-abN-NAME.darshan
cd /tmp/labels63/run
for p in ab1 ab2; do
	LOGS=reruns PFX=r63-labels63-$p- ONLY="md mc sweep post post-B cfd clim clim-B dft dft-B" bash src/run_all.sh
done
