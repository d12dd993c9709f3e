#!/bin/sh
# iolens triage against a hundred-and-fortieth, held-out round of
# independent labels: t/data/triage-expert140.tsv (issue 34), 5 logs we
# made by running computational mechanics / structural analysis jobs
# (C/MPI at 4 ranks, a Python/numpy post-processor) under Darshan 3.5.0,
# two on the local disk, three on a blkio-throttled sync mount
# (t/data/triage-round140/): an FE run with a collective mesh read and
# collective results a load step, its post-processing, an out-of-core
# direct solver writing and reading back its factor in 1 MiB requests
# (fine); the solver in 4 KiB requests, 2000 16-KiB result files
# (problems); labelled from raw counters before the first score
# (06e428fa; triage-expert140.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 0f0ac31d) as floors: strict precision 5/5, recall
# per root cause 2/2, per label 5/6 (storm's SMALL-REQ, labelled "same
# root cause as SMALL-FILES", is info there: the cause is found).  The
# reruns (reruns/r140-labels140-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 140 5 5 1.000 1.000 0.833 5
rerun_diag 140 fem post solve ooc4k storm
done_testing
