#!/bin/sh
# rerun one line of run_mpi.sh by its log name (used for r8-compute90 after its first try crashed)
cd /tmp/labels8-run
grep "^run $1 " src/run_mpi.sh > /tmp/labels8-run/.one.sh
{ sed -n '/^run()/,/rc=/p' src/run_mpi.sh; cat .one.sh; } | sh
