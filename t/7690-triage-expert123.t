#!/bin/sh
# iolens triage against a hundred-and-twenty-third, held-out round of
# independent labels: t/data/triage-expert123.tsv (issue 34), 5 logs we
# made by running bioinformatics search and assembly programs (C/MPI at
# 4 ranks, serial C, a Python/numpy helper) under Darshan 3.5.0 on the
# local disk (t/data/triage-round123/): a BLAST-like search over 8
# database volumes, a numpy summary of its hit tables, a k-mer assembler
# pass writing and re-reading its count table (fine); the search with an
# fsync per hit line, the assembler re-reading its table in 32-byte
# reads (problems); labelled from raw counters before the first score
# (36f5a3ce; triage-expert123.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at c7bc3abf) as floors: strict precision 3/3, recall
# per root cause 2/2, per label 3/3.  The reruns
# (reruns/r123-labels123-ab{1,2}-NAME) are printed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 123 5 5 1.000 1.000 1.000 3
rerun_diag 123 search hitsum asm hitfsync asmtiny
done_testing
