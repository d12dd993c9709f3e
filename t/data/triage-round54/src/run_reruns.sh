#!/bin/sh
# Round 54's reruns (reruns/, not labelled): the better twins beside the labelled pass (ab0), then two passes
# of every program with its twin (ab1, ab2), each problem program directly before its better twin.
S=/work/labels54/t/data/triage-round54/src
ALL="mmapw odirect vecio fadv falloc sha pread4k preadseq aio4k aio1m reread-each reread-once fsync-each fsync-end"
LOGS=reruns PFX=r54-labels54-ab0- ONLY="preadseq aio1m reread-once fsync-end" sh $S/run_all.sh
for p in ab1 ab2; do LOGS=reruns PFX=r54-labels54-$p- ONLY="$ALL" sh $S/run_all.sh; done
