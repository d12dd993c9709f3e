#!/bin/bash
# the three passes: labelled (twins to reruns/r43-labels43-tw-*), then reruns ab1, ab2 (twins beside, same prefix)
cd /tmp/labels43/run
LOGS=logs PFX=r43- TW=../reruns/r43-labels43-tw- bash src/run_all.sh > runs-main.txt 2>&1
LOGS=reruns PFX=r43-labels43-ab1- bash src/run_all.sh > runs-ab1.txt 2>&1
LOGS=reruns PFX=r43-labels43-ab2- bash src/run_all.sh > runs-ab2.txt 2>&1
echo done $(date -u +%T) > passes.done
