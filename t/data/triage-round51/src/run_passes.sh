#!/bin/bash
# the labelled pass (logs/r51-*), then two rerun passes (reruns/r51-labels51-ab1-*, -ab2-*), each the whole list in
# run_all.sh's order, every problem's better twin right after it
cd /tmp/labels51/run
LOGS=logs PFX=r51- bash ../src/run_all.sh > pass0.out 2>&1
LOGS=reruns PFX=r51-labels51-ab1- bash ../src/run_all.sh > ab1.out 2>&1
LOGS=reruns PFX=r51-labels51-ab2- bash ../src/run_all.sh > ab2.out 2>&1
