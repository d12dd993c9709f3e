#!/bin/sh
# iolens triage against a hundred-and-sixteenth, held-out round of
# independent labels: t/data/triage-expert116.tsv (issue 34), 7 logs we
# made by running data-movement and archiving jobs (C/MPI at 4 ranks, a
# serial packer, real tar and md5sum) under Darshan 3.5.0, five on the
# local disk, two on a blkio-throttled sync mount
# (t/data/triage-round116/): a dcp-like parallel tree copy, tar of 1000
# small files, an md5sum pass, a purge scan (fine); the copy with 4 KiB
# buffers, an archive fsync'ed after every member, an O_DIRECT checksum
# pass in which every rank reads every file (problems); labelled from raw
# counters before the first score (fb4a4aca; triage-expert116.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 8e001c3e) as floors: strict precision 4/6 (cksumall's SMALL-REQ
# counts its 512 zero-byte EOF reads as small; packfsync's INCOMPLETE is
# an unlabelled DXT-only truncation), recall per root cause 2/3 and per
# label 4/6 (cksumall's 4x re-reads by every rank are below the floor:
# REDUNDANT gives each rank of a shared record one pass free).  The
# reruns (reruns/r116-labels116-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 116 7 7 0.800 0.666 0.666 4
rerun_diag 116 pcopy tar md5 purge copy4k packfsync cksumall
done_testing
