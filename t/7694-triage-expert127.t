#!/bin/sh
# iolens triage against a hundred-and-twenty-seventh, held-out round of
# independent labels: t/data/triage-expert127.tsv (issue 34), 5 logs we
# made by running structural-biology jobs (C/MPI at 4 ranks, Python/numpy
# serial) under Darshan 3.5.0, four on the local disk, one on a
# blkio-throttled sync mount (t/data/triage-round127/): an MSA search over
# 8 x 16 MiB databases, a docking screen of 800 small ligand files, an
# inference loading 32 MiB of weights and 24 pickled features (fine); a
# relaxation writing its PDBs line-buffered (3200 write(2) of 79 B), a
# docking screen re-reading its 32 MiB receptor grid for every ligand
# (problems); labelled from raw counters before the first score
# (6623d8e7; triage-expert127.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at d9e6164f) as floors: strict precision 4/4, recall per
# root cause 2/2, per label 4/4.  The reruns
# (reruns/r127-labels127-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 127 5 5 1.000 1.000 1.000 4
rerun_diag 127 msa dock infer relax dockgrid
done_testing
