#!/bin/sh
# A B A B reruns of the dump pair (added at 02:12), as run_ab.sh
cd /tmp/labels26/run
for k in 1 2; do for v in dump-perstep dump-one; do LOGS=reruns PFX=r26-ab$k- ONLY=$v sh src/run_all.sh | grep -v '^total\|^-\|rc=0'; done; done
