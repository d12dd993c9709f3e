#!/bin/sh
# iolens triage against a seventy-seventh, held-out round of independent
# labels: t/data/triage-expert77.tsv (issue 34), 12 logs we made of
# molecular-dynamics trajectory analysis (C/MPI, Fortran, python/numpy,
# dd | gzip; 1-8 ranks) under Darshan 3.5.0, 7 on the local disk and 5
# on a blkio-throttled sync mount, cold (t/data/triage-round77/): RMSD
# over every frame, every 10th frame by numpy, 600 random frames of an
# xtc-like file found by walking the frame headers (or through an
# offsets index), an atom selection read one 12-B pread an atom (or a
# frame a read), a frame cut with dd, frames split in blocks across 4
# ranks with MPI_File_read_at, four analyses each re-reading the frames
# (or one pass), per-frame text flushed every 63-B line (or buffered);
# judged from raw counters by a labeller who had not read the rules nor
# any triage output, committed before the first score (063959e2;
# triage-expert77.md).  Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at d63653d7) as floors: strict precision 5/6 (multi-each's SMALL-REQ
# on 480000-B frame reads is labelled false), recall per root cause 3/4
# (multi-each's re-reads, REDUNDANT, are below triage's floor), per label
# 5/11.  Since triage73 (reads of 100 KiB-1 MiB keep their bytes at the
# job's own read pace) multi-each's SMALL-REQ is below the floor: 5/5.
# The two reruns of each program (reruns/r77-labels77-ab{1,2}-NAME) are
# printed after its first run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 77 12 12 1.000 0.750 0.455 5
for p in rmsd-seq stride xseek-scan xseek-idx sel-atom sel-frame archive par-split \
	multi-each multi-once frame-flush frame-buf; do
	verdicts "$TOP/t/data/triage-round77/r77-$p.darshan" \
		"$TOP"/t/data/triage-round77/reruns/r77-labels77-ab*-$p.darshan
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
