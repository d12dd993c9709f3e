#!/bin/sh
# iolens triage against a hundred-and-seventeenth, held-out round of
# independent labels: t/data/triage-expert117.tsv (issue 34), 5 logs we
# made by running neuroimaging pipelines (C serial and C/MPI at 4 ranks,
# Python/numpy) over NIfTI-like volumes under Darshan 3.5.0 on the local
# disk (t/data/triage-round117/): a farm writing 160 derivatives files,
# volumes read slice by slice, a group analysis of 40 maps (fine); volumes
# read a 512-B voxel row at a time, a template re-read every registration
# iteration (problems); labelled from raw counters before the first score
# (914d42fb; triage-expert117.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at 8e001c3e) as floors: strict precision 3/3, recall per
# root cause 2/2, per label 3/4 (regtmpl's STDIO-SHARE, labelled material
# as the same cause as REDUNDANT, is info).  The reruns
# (reruns/r117-labels117-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 117 5 5 1.000 1.000 0.750 3
rerun_diag 117 farm slices group rows regtmpl
done_testing
