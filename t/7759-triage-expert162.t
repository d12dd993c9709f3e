#!/bin/sh
# iolens triage against a hundred-and-sixty-second, held-out round of
# independent labels: t/data/triage-expert162.tsv (issue 34), 5 logs we
# made by running metagenomics and k-mer counting (C/MPI at 4 ranks)
# under Darshan 3.5.0, three on the local disk, two on a blkio-throttled
# sync mount (t/data/triage-round162/): 10-mer counting from 4 MiB MPI-IO
# FASTQ blocks with a collective table write and a rank-0 histogram CSV,
# read classification against a k-mer database every rank loads whole
# with one buffered fprintf line per read, GC binning of contigs from
# uneven blocks on the throttled mount (fine); a FASTQ reader with one
# pread per line, a disk-based counter spilling into 512 bucket files of
# 32 KiB (problems); labelled from raw counters before the first score
# (f8a2a61f; triage-expert162.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at e0f0accc, built at f8a2a61f) as floors: strict precision 4/4, recall
# per root cause 2/2, per label 4/6 (fqline's SHARED-SMALL and spill's
# META-BOUND, labelled material as "same root cause", are info beside
# SMALL-REQ and SMALL-FILES: "same cause found").  The reruns
# (reruns/r162-labels162-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 162 5 5 1.000 1.000 0.667 4
rerun_diag 162 kcount classify bins fqline spill
done_testing
