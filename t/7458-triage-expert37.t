#!/bin/sh
# iolens triage against a thirty-seventh, held-out round of independent
# labels: t/data/triage-expert37.tsv (issue 34), 17 logs we made by
# running serial programs (one process a log, DARSHAN_ENABLE_NONMPI) under
# Darshan 3.5.0 on slow storage set up as round 34's: ext4 on loop devices
# behind a cgroup v1 blkio throttle (32 MiB/s write, 64 MiB/s read,
# 400/800 IOPS, one mount -o sync; t/data/triage-round37/): a python
# import storm of 600 modules, pip install into a venv, git checkout of
# 763 files, make, find, du, xz, split and cat, a perl filter autoflushed
# per line, gawk, 1500 objects pickled one file each and one JSON file,
# sqlite3 with a transaction per row in WAL and in rollback mode, 4 KiB
# preads backwards, cp; judged from raw counters by a labeller who had
# not read the rules nor any triage output, committed before the first
# score (61c3b82; triage-expert37.md).  Every log is ours: nothing needs
# ../shared.  Holds the values measured when the set was first scored
# (main's binary at b578834) as floors: strict precision 14/16 (pip
# install's SMALL-FILES and IO-TIME, whose --no-compile twin saved
# nothing steady), recall per root cause 7/7, per label 14/23 (nine
# "same cause found": py-imports' storm told as SMALL-REQ, preadback's
# backward order as SMALL-REQ, the storms' META-BOUND and SMALL-REQ, the
# per-row commits' SMALL-REQ).
# The reruns of each program (reruns/r37-NAME-ab1, -ab2) are printed:
# 31 of 34 got their first run's verdict when the set was scored.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 37 17 17 0.875 1.0 0.609 14 py-imports pip-install git-checkout make find du xz split cat \
	perl-flush awk pickle-many json-one sqlite-wal sqlite-del preadback cp
done_testing
