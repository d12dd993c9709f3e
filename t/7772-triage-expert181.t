#!/bin/sh
# iolens triage against a hundred-and-eighty-first, held-out round of
# independent labels: t/data/triage-expert181.tsv (issue 34), 5 logs we
# made by running a SPECFEM/SW4-like seismic wave propagation code
# (C/MPI at 4 and 8 ranks) and a serial shot-gather post-processor under
# Darshan 3.5.0, two on a blkio-throttled sync mount, one on a throttled
# mount without -o sync, two on the local disk (t/data/triage-round181/):
# per-rank mesh databases read once, STATIONS and a source time function
# read by every rank, collective snapshots, seismograms gathered to rank 0,
# a rank-0 fprintf progress log, at 4 ranks; file-per-rank snapshots and
# seismograms at 8 ranks (fine); ASCII seismograms, one fprintf'ed file per
# station per component (768 files), per-step seismogram appends with an
# fsync each, a shot gather transposed by one 4-B pread per sample
# (problems); labelled from raw counters before the first score
# (25a7a638; triage-expert181.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored (the
# binary /work/main/bin/iolens of 2026-12-02 15:14) as floors: strict
# precision 7/7, recall per root cause 3/3, per label 7/8 (seisstorm's
# META-BOUND, labelled material as the same root cause as SMALL-FILES, is
# info: "same cause found").  The reruns (reruns/r181-labels181-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 181 5 5 1.000 1.000 0.875 7
rerun_diag 181 fwd fwd8 seisstorm seisync shotgather
done_testing
