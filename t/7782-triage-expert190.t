#!/bin/sh
# iolens triage against a hundred-and-ninetieth, held-out round of
# independent labels: t/data/triage-expert190.tsv (issue 34), 5 logs we
# made by running jobs of a national lab's mixed batch queue, drawn by
# lot (src/draw.py, seed 190), under Darshan 3.5.0, four on a
# blkio-throttled sync mount (/dev/loop190), one on the local disk
# (t/data/triage-round190/): Monte Carlo transport with a rank-0 read
# and broadcast of its cross sections, a file-per-process checkpointer
# (4 MiB a rank in 1 MiB writes, one fsync a file) (fine); a climate
# post-processor re-reading its 24 MiB history once per variable, a
# serial endian converter writing 512 B a call, a CFD solver writing
# 4 KiB independent MPI-IO blocks to a shared file (problems); labelled
# from raw counters before the first score (3a9e5328;
# triage-expert190.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (the binary
# /work/main/bin/iolens, main at 018d9294) as floors: strict precision 5/5,
# recall per root cause 3/3, per label 5/8 (cfd's SHARED-SMALL and
# NO-COLLECTIVE, labelled material as the same root cause as
# SMALL-REQ, are info "told there"; its IO-TIME, 48.3 % of the run, is
# ok: "same cause found").  The reruns
# (reruns/r190-labels190-ab{1,2}-NAME) are printed; cfd's ab1 adds
# IO-TIME (53 % of its run).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 190 5 5 1.000 1.000 0.625 5
rerun_diag 190 climpost mctrans fppckpt serialutil cfd
done_testing
