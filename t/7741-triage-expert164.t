#!/bin/sh
# iolens triage against a hundred-and-sixty-fourth, held-out round of
# independent labels: t/data/triage-expert164.tsv (issue 34), 5 logs we
# made by running lattice QCD I/O (C/MPI at 4 ranks) under Darshan 3.5.0,
# two on the local disk, three on a blkio-throttled sync mount
# (t/data/triage-round164/): an ILDG-like gauge configuration loaded by
# one collective read a time slab with a rank-0 header and plaquette log,
# a 12-source propagator written by uneven slabs in near-MiB independent
# writes, HMC with collective synced checkpoints and a reopened rank-0
# trajectory log (fine); the configuration read by one 48-B pread an
# SU(3) row, one 1174-B file a correlator, 768 files on synced storage
# (problems); labelled from raw counters before the first score
# (152dd39b; triage-expert164.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 7c4b562a) as floors: strict precision 4/4, recall per root cause
# 2/2, per label 4/7 (corrfiles' META-BOUND and SMALL-REQ and sitewise's
# SHARED-SMALL, labelled material "same root cause", are info beside the
# cause's finding: "same cause found").  The reruns
# (reruns/r164-labels164-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 164 5 5 1.000 1.000 0.571 4
rerun_diag 164 gauge prop sitewise corrfiles hmc
done_testing
