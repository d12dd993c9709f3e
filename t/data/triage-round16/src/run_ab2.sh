#!/bin/sh
# Second reruns (after the first labels were drafted, before any score): 4 KiB write(2) against 1 MiB write(2) of the same
# 256 MiB, A B A B, the program's own clock.
cd /tmp/labels16/run
for i in 1 2 3; do for x in write4k write1m; do DIR=reruns SFX=-ab2$i ONLY=$x src/run_labelled.sh; done; done
