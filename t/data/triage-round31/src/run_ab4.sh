#!/bin/bash
# after the labelled runs and run_ab.sh, before any label: ckpt-coll against the same with 4 aggregators, 2 A B pairs
cd /tmp/labels31/run
for k in 1 2; do for v in ckpt-coll ckpt-coll4; do LOGS=reruns PFX=r31-ag$k- ONLY=$v bash src/run_all.sh | grep '^==\|^app'; done; done
