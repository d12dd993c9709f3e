#!/bin/bash
# ab1's remaining programs: the first ab1 pass stopped after hdrtiny (run_all.sh was edited while bash read it,
# a syntax error at line 26); ab2 ran whole, then this, with the same script as ab2.
R=/tmp/labels71/run; cd $R
LOGS=reruns PFX=r71-labels71-ab1- ONLY="hdrbuf hdrbig fsync nosync plot regrid restart f90 pyslice pybox" ./src/run_all.sh
