#!/bin/sh
# iolens triage against a fifty-eighth, held-out round of independent
# labels: t/data/triage-expert58.tsv (issue 34), 12 logs we made by
# running data-intensive science jobs (genomics, imaging, text mining;
# C/MPI, Fortran, numpy, GNU sort; 1-8 ranks) under Darshan 3.5.0, 8 on
# the local disk and 4 on a blkio-throttled sync mount
# (t/data/triage-round58/): gzip'd and plain FASTQ k-mer counting, a
# sorted index read once or binary-searched by 16 B preads, sort with a
# temp dir, a Fortran stream write a rank, per-sample outputs in 1 MiB
# writes or 128 B fwrites, a numpy image stack, a merge through per-rank
# partial files, one small file per document; judged from raw counters
# by a labeller who had not read the rules nor any triage output,
# committed before the first score (753f783e; triage-expert58.md).
# Every log is ours: nothing needs ../shared.
# Holds the values measured when the set was first scored (main's binary
# at 09f0457f) as floors: strict precision 7/8 (s-tok-perdoc's IO-TIME
# is labelled trivial: the labeller staked only the storm's 2.18 s of
# creates), recall per root cause 3/3, per label 7/8 (s-samples-small's
# SMALL-REQ, a second code of the cause STDIO-SHARE found).
# The two reruns of each program (reruns/r58-labels58-ab{1,2}-NAME, and
# ab3 of s-merge-files and s-tok-perdoc) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# whole_write_waits() (issue 34, rounds 148, 173, 175; 2026-12-02): s-tok-perdoc's 1523 whole-file
# writes of 1-10 KB, 1.9 ms each, are IOL-SMALL-REQ's, warn; labelled
# trivial ("the count of files is the cause"): precision 7/8 -> 7/9.
# floors: strict precision, recall per root cause, per label, found
round_test 58 12 12 0.777 1.000 0.875 7
for p in kmer-gz kmer-mpi ref-once ref-pread sort-text cov-f90 samples-big images-np \
	s-kmer-gz s-samples-small s-merge-files s-tok-perdoc; do
	verdicts "$TOP/t/data/triage-round58/r58-$p.darshan" \
		$(ls "$TOP"/t/data/triage-round58/reruns/r58-labels58-ab[0-9]-$p.darshan 2>/dev/null)
	diag "$p, first run then reruns: $(sed 's/^$/none/' "$TMP/verdicts" | tr '\n' ';')"
done
done_testing
