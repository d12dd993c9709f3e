#!/bin/sh
# iolens triage against a thirty-fourth, held-out round of independent
# labels: t/data/triage-expert34.tsv (issue 34), 14 logs we made by
# running serial programs (one process a log, DARSHAN_ENABLE_NONMPI) under
# Darshan 3.5.0 on slow storage: ext4 on loop devices behind a cgroup v1
# blkio throttle (32 MiB/s write, 64 MiB/s read, 400/800 IOPS, one mount
# -o sync; t/data/triage-round34/): tar -c with 10 KiB records, tar -x and
# rsync of a 1546-file tree, sqlite3 with a transaction per row and
# batched, a CSV flushed per row, 512-byte records, grep -r, sort's
# temporary files, 2000 small h5py datasets, a log fsync'ed per line,
# gzip, gunzip and dd, judged from raw counters by a labeller who had not
# read the rules nor any triage output, committed before the first score
# (68e09be; triage-expert34.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at a1a06ed) as floors: strict precision 18/22 (grep-r's
# SMALL-FILES and IO-TIME on files read once, gunzip's IO-TIME, gzip's
# unlabelled SMALL-REQ whose 4 MiB twin saved nothing), recall per root
# cause 8/9 (logfsync's fsync per line: FSYNC not evaluated, its fsyncs
# follow glibc's writes, not recorded POSIX writes), per label 18/23.
# Raised by triage31: FSYNC judges syncs against the STDIO writes of the
# same file (logfsync found: cause recall 9/9) and SMALL-REQ keeps
# 100 KiB-1 MiB writes' bytes at the job's write pace (gzip quiet):
# precision 20/23, recall 20/23.
# The reruns of each program (reruns/r34-NAME-ab1, -ab2) are printed:
# all 28 got their first run's verdict when the set was scored.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# red_sync_writes() (issue 34, rounds 172, 179): r34-sqlite-row's REDUNDANT, labelled
# material as the same root cause as IOL-FSYNC, is told by FSYNC (its
# rewrites' time is the syncs'): "same cause found", floors follow.
# floors: strict precision, recall per root cause, per label, found
round_test 34 14 14 0.863 1.0 0.826 19 tar-c untar rsync sqlite-row sqlite-batch csv-flush rec512 grep-r \
	sort h5-many logfsync gzip gunzip dd-copy
done_testing
