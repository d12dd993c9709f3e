#!/bin/sh
# iolens triage against a twenty-third, held-out round of independent
# labels: t/data/triage-expert23.tsv (issue 34), 17 logs we made ourselves
# by running real programs users run under Darshan 3.5.0
# (t/data/triage-round23/: fio 4 KiB against 1 MiB sequential writes,
# 4 threads of direct 4 KiB random reads, libaio direct writes Darshan
# cannot see, an fsync after every 4 KiB write; numpy's np.save/np.load
# of a 128 MiB array and of 2000 small .npy files (a partial log), pickle;
# sort with a 1 MiB and a 200 MiB buffer; cp -r, grep -r and find over a
# 1546-file tree; gzip and xz of 40 MB; git status and git log -p),
# judged from raw counters by a labeller who had not read the rules nor
# any triage output, committed before the first score (cf0096a;
# triage-expert23.md).
# Holds the values measured when the set was first scored (main's binary
# at cb194d2) as floors: strict precision 10/12 (grep-r's SMALL-FILES and
# META-BOUND, labelled trivial: 1546 existing files read once, 25 ms of a
# 57 ms run), recall per root cause 6/6, per label 10/12 (cp-r's and
# py-npy-many's IO-TIME, their cause found under SMALL-FILES). The
# findings labelled trivial or false (2) are also held as a ceiling.
# triage25 raised them to strict precision 12/14 and recall per label
# 12/12: IO-TIME restating a storm of created files is structural as the
# storm is (cp-r's and py-npy-many's IO-TIME; t/7434).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/triage-score.sh"
# floors: strict precision, recall per root cause, per label, found
round_test 23 17 17 0.857 1.000 1.000 12
# $line: the last score (our logs only: this round has no population job)
fp=$(( $(num "$line" findings) - $(num "$line" tp) ))
ok "$([ "$fp" -le 2 ] && echo 0 || echo 1)" "findings not labelled material: $fp <= 2"
done_testing
