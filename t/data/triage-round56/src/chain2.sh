#!/bin/sh
# after the interrupted labelled pass (killed at 16:02 to fix sizes): the rest of the labelled runs, then reruns
while kill -0 26629 2>/dev/null; do sleep 2; done
cd /tmp/labels56/run; S=/work/labels56/t/data/triage-round56/src
LOGS=logs ONLY="npy ckpt4m reclog recbuf seqbig sort-spill sort-mem" nice $S/run_all.sh > /tmp/labels56/labelled2.out 2>&1
LOGS=reruns PFX=r56-labels56-ab1- nice $S/run_all.sh > /tmp/labels56/ab1.out 2>&1
LOGS=reruns PFX=r56-labels56-ab2- ONLY="coll gather0 reread-each synclog stdio-text bytecfg field npy ckpt4k reclog seqbig sort-spill" nice $S/run_all.sh > /tmp/labels56/ab2.out 2>&1
