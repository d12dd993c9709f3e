#!/bin/bash
# Inputs, made without Darshan before the runs: the namelist (in/input.nml, also copied to the throttled
# mount), Fortran unformatted files for pypost (in/unf_rank000R.dat, 4 x 8000300 B) and formatted field
# files for sortres (in/fmt.SSSSSS.000R.txt, 8 x 5000000 B).
R=/tmp/labels72/run; cd $R
M="mpirun --allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
$M -np 4 ./f72 unf 100 10 100000 in/unf 10 x
$M -np 2 ./f72 fmt 100 10 200000 in/fmt 25 array
