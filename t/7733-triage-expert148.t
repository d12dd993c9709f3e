#!/bin/sh
# iolens triage against a hundred-and-forty-eighth, held-out round of
# independent labels: t/data/triage-expert148.tsv (issue 34), 5 logs we
# made by running genomic variant calling (C/MPI at 4, 2 and 1 ranks)
# under Darshan 3.5.0, three on the local disk, two on a blkio-throttled
# sync mount (t/data/triage-round148/): calling from 4 MiB reads with
# rank 0 writing the gathered VCF through stdio, faidx-style 150-300 B
# reference windows from the page cache, record-by-record stdio
# annotation (fine); one ~550-B VCF per region (800 files) and 512-B
# reads at random sites of a cold file, both on the throttled mount
# (problems); labelled from raw counters before the first score
# (214c4b3b; triage-expert148.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 1497fc74) as floors: strict precision 4/5 (refwin's cached small
# reads, labelled trivial, warn), recall per root cause 2/3 (shards'
# small synchronous writes, labelled their own cause, are told as the
# storm's), per label 4/8.  The reruns
# (reruns/r148-labels148-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# whole_write_waits() then found shards' whole-file appends of ~560 B
# as IOL-SMALL-REQ (labelled material, the cause missed): causes 3/3.
# floors: strict precision, recall per root cause, per label, found
round_test 148 5 5 0.833 1.000 0.625 5
rerun_diag 148 call refwin annot shards rrand
done_testing
