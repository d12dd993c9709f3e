#!/bin/sh
# ckpt-fsync redone with 8 KiB records (see README): the labelled run, then two A B rerun pairs.
S=/work/labels44/t/data/triage-round44/src
ONLY=ckpt-fsync $S/run_all.sh
for k in 1 2; do ONLY="ckpt-fsync ckpt-end" LOGS=reruns PFX=r44-labels44-ab$k- $S/run_all.sh; done
