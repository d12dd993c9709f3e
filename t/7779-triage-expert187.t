#!/bin/sh
# iolens triage against a hundred-and-eighty-seventh, held-out round of
# independent labels: t/data/triage-expert187.tsv (issue 34), 5 logs we
# made by running cosmology N-body and halo-finder codes (C/MPI at 4
# ranks, one serial) under Darshan 3.5.0, on a blkio-throttled loop
# device (mounted -o sync; without it for the light-cone job) and the
# local disk (t/data/triage-round187/): an N-body run dumping 4
# Gadget-like snapshots collectively (one aggregator, rank 0's header), a
# FoF halo finder reading its snapshot once collectively and writing its
# catalogue from rank 0, a serial merger-tree builder reading 20
# catalogues in pairs with 64-B freads (fine); the finder writing one
# file per halo (1095 files of 168-1760 B), light-cone appends with an
# fsync after each (problems); labelled from raw counters before the
# first score (3ba261ed; triage-expert187.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at 3ba261ed) as floors: strict precision 6/6, recall per root cause
# 2/2, per label 6/6 (halofiles' META-BOUND, SMALL-FILES, SMALL-REQ,
# IO-TIME; lightcone's FSYNC, IO-TIME), no false positive, no miss.
# The reruns (reruns/r187-labels187-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 187 5 5 1.000 1.000 1.000 6
rerun_diag 187 nbody fof tree halofiles lightcone
done_testing
