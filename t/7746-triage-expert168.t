#!/bin/sh
# iolens triage against a hundred-and-sixty-eighth, held-out round of
# independent labels: t/data/triage-expert168.tsv (issue 34), 5 logs we
# made by running microscopy bioimage analysis on zarr-like chunk stores
# (C/MPI at 4 ranks, pure Python at 1) under Darshan 3.5.0, three on the
# local disk, two on a blkio-throttled sync mount
# (t/data/triage-round168/): segmentation reading 512 KiB image chunks
# and writing a mask chunk per chunk with a rank-0 .zarray and CSV, a
# 2-level pyramid on the throttled mount, a Python QC reading 128 chunks
# whole (fine); a label mask written as 1024 chunk files of 4 KiB on the
# sync mount, a patch sampler reading one 64-B pread per patch row
# (problems); labelled from raw counters before the first score
# (930c731e; triage-expert168.md).  Every log is ours: nothing needs
# ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 437d636b) as floors: strict precision 5/5, recall per root cause 2/2,
# per label 5/8 (masks' SMALL-REQ is info as whole-file requests, patches'
# SHARED-SMALL info beside SMALL-REQ: "same cause found"; patches'
# REDUNDANT, labelled as the same cause, is ok: a shared record's ranks
# each have a pass free).  The reruns (reruns/r168-labels168-ab{1,2}-NAME)
# are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 168 5 5 1.000 1.000 0.625 5
rerun_diag 168 seg pyramid qc masks patches
done_testing
