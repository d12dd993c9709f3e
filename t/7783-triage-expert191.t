#!/bin/sh
# iolens triage against a hundred-and-ninety-first, held-out round of
# independent labels: t/data/triage-expert191.tsv (issue 34), 6 logs we
# made by running ocean and coastal model drivers (C/MPI at 4 and 8
# ranks, ROMS/MOM/ADCIRC-like) under Darshan 3.5.0, on a blkio-throttled
# sync mount and, for the fsync job, a throttled async one
# (t/data/triage-round191/): ROMS-like with a collective history,
# averages and restart and 2-KiB boundary-forcing preads every step, a
# MOM-like job whose every rank reads the whole topography and writes a
# per-rank restart, an ADCIRC-like rank-0 writer with binary station
# records through a 1 MiB stdio buffer (fine); an ASCII station file
# through glibc's default 4-KiB buffer on the sync mount (STDIO time),
# station records fsync'ed one by one, a history written by independent
# 1-KiB MPI-IO row writes (problems); labelled from raw counters before
# the first score (7c3713fe; triage-expert191.md).  Every log is ours:
# nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# at 7c3713fe) as floors: strict precision 6/8 (adcsta's RANK0-IO and
# IDLE-RANKS, labelled trivial: the station file's cost is its 4-KiB
# flushes, which a 1 MiB buffer removes, not rank 0 doing the I/O),
# recall per root cause 3/3, per label 6/8 (hisindep's SHARED-SMALL and
# NO-COLLECTIVE, labelled material as the same root cause as SMALL-REQ:
# "same cause found").  The reruns (reruns/r191-labels191-ab{1,2}-NAME)
# are printed; all 12 get their first run's verdict.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 191 6 6 0.750 1.000 0.750 6
rerun_diag 191 roms mom adcsta8 adcsta stafsync hisindep
done_testing
