#!/bin/sh
# After the first rerun passes (10:29): sqlite-lookup rebuilt with its keys made inside SQL (the first
# version fed 500000 INSERT lines through stdin, which made the sqlite3 shell's own stdin reading the
# job's largest STDIO cost; that log and its reruns were discarded before any label), its labelled run,
# then two passes of it with the twins added for stakes: sqlite-sorted, ssort-indep (sample-sort's
# independent twin) and part-mem (part-sorted's state kept in memory).
S=/tmp/labels45/src
LOGS=logs ONLY="sqlite-lookup" $S/run_all.sh
for n in 1 2; do LOGS=reruns PFX=r45-labels45-ab$n- ONLY="sqlite-lookup sqlite-sorted ssort-indep part-mem" $S/run_all.sh; done
