#!/bin/sh
# IOL-STDIO-SHARE's small requests that wait for the device are timed
# by STDIO's data calls alone, the stream's opens and closes left out
# (issue 34, round 93).  r93-solver: 4 ranks fopen/fwrite/fclose 200
# snapshot files of 2 KiB each, STDIO_F_META_TIME 1.07-1.30 s a rank
# against F_WRITE_TIME 0.001-0.10 s: the 6.7 ms a "request" were the
# opens' and closes', which no larger buffer saves (labelled trivial).
# Before the fix it warned "837 requests of 11956 B, 6.7 ms each".
# r42-ckpt-stdio (1024 fwrites of 4 KiB a file on a sync mount, 3 ms
# each, the writes' own time) keeps its small-request finding.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
sev() {	# sev <log> <code>: the rule's severity
	$RUN triage --all --format tsv "$1" | awk -F'\t' -v c="$2" '$2 == c { print $3 }'
}
det() {
	$RUN triage --all --format tsv "$1" | awk -F'\t' -v c="$2" '$2 == c { print $8 }'
}
s=$(sev "$D/triage-round93/r93-solver.darshan" IOL-STDIO-SHARE)
d=$(det "$D/triage-round93/r93-solver.darshan" IOL-STDIO-SHARE)
diag "r93-solver STDIO-SHARE: $s: $d"
case $s in warn|high) ok 1 "r93-solver: the snapshots' opens are no STDIO finding" ;;
*) ok 0 "r93-solver: the snapshots' opens are no STDIO finding" ;; esac
case $d in *"wait for the device"*) ok 1 "r93-solver: no small requests told" ;;
*) ok 0 "r93-solver: no small requests told" ;; esac
for f in "$D"/triage-round42/r42-ckpt-stdio.darshan; do
	[ -f "$f" ] || { skip "no r42-ckpt-stdio" 2; break; }
	s=$(sev "$f" IOL-STDIO-SHARE)
	d=$(det "$f" IOL-STDIO-SHARE)
	diag "r42-ckpt-stdio STDIO-SHARE: $s: $d"
	case $s in warn|high) ok 0 "r42-ckpt-stdio still found" ;;
	*) ok 1 "r42-ckpt-stdio still found" ;; esac
	case $d in *"wait for the device"*) ok 0 "r42-ckpt-stdio: its small requests told" ;;
	*) ok 1 "r42-ckpt-stdio: its small requests told" ;; esac
done
done_testing
