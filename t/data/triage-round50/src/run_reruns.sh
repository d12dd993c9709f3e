#!/bin/bash
# Round 50's reruns (t/data/triage-round50/reruns/, not labelled): two passes, ab1 and ab2, of every job, each
# problem's better twin (B) right after it: rank0-buf, vars-one, ftn-noflush, py-mmapread.
S=/work/labels50/t/data/triage-round50/src
L="short-fpp ftn-solve py-eig tail-compute open-tables xz-pack end-coll sort-pipe kill-ckpt kill-py rank0-tail rank0-buf vars-end vars-one ftn-flush ftn-noflush py-fullread py-mmapread"
for p in ab1 ab2; do LOGS=reruns PFX=r50-labels50-$p- ONLY="$L" $S/run_all.sh; done
