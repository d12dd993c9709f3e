#!/bin/sh
# iolens triage against a hundred-and-seventy-third, held-out round of
# independent labels: t/data/triage-expert173.tsv (issue 34), 6 logs we
# made by running a particle-in-cell code (C/MPI at 4 and 8 ranks) under
# Darshan 3.5.0, five on a blkio-throttled sync mount, one on the local
# disk (t/data/triage-round173/): VPIC-like per-rank per-species
# particle files with a collective field dump and a rank-0 fprintf
# energies log, WarpX-like shared particle files written collectively
# with uneven particle counts and a checkpoint synced once (8 ranks), a
# post-processing reader with one collective read a rank (fine); a
# shared particle dump written one 32-B MPI_File_write_at a particle,
# the field dump gathered to rank 0 and printed as ASCII, tracked
# particles written as a file per rank per species per step, 800 files
# of 2 KiB (problems); labelled from raw counters before the first score
# (5c9fb0a1; triage-expert173.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (/work/main/bin/iolens at 9afd6d52) as floors: strict precision 6/6,
# recall per root cause 3/5 (tracer's 2-KiB writes, labelled a second
# material cause measured by a buffered twin: info, "whole-file
# requests, no request can grow"; fieldascii's IDLE-RANKS, labelled
# material as the same root cause as RANK0-IO, which is below the impact
# floor: info), per label 6/12 (the four others are "same cause found").
# The reruns (reruns/r173-labels173-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# whole_write_waits() then found tracer's whole-file 2 KiB writes,
# 8-10 ms each, as IOL-SMALL-REQ (labelled material, a second cause):
# causes 3/5 -> 4/5.
# floors: strict precision, recall per root cause, per label, found
round_test 173 6 6 1.000 0.800 0.583 7
rerun_diag 173 vpic warpx8 reader smallpart fieldascii tracer
done_testing
