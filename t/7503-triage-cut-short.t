#!/bin/sh
# A job cut short is an incomplete log (issue 34, round 50): a killed
# job's log is its processes' mmap logs merged by an epilog
# (darshan-merge --job-end-time), whose only flag is the NULL module's
# that every merge sets.  Its records show it: a file written and never
# closed after its last write, which ends after the logged end, beyond
# the run time's resolution.  Jobs built in memory (t/unit/cut-short):
# r50-kill-ckpt's and r50-kill-py's shapes are found; the checkpoint job
# that ended (its <STDOUT> written to the last and never closed) and a
# job that leaves its output files open to exit (a whole-second log, the
# last writes 0.4 s before its end) stay quiet.
. "$(dirname "$0")/lib.sh"
col() { # the IOL-INCOMPLETE row's column k of case $1
	"$TOP/t/unit/cut-short" "$1" | awk -F'\t' -v k="$2" '$1 == "IOL-INCOMPLETE" { print $k }'
}
is "$(col ckpt 2)" high "kill-ckpt: 4 files written to the kill, 1.93 s past the logged end: high"
case "$(col ckpt 4)" in
*"did not end"*"1.93 s after the logged end"*) r=0 ;;
*) r=1 ;;
esac
ok $r "kill-ckpt: the detail says the job did not end, and by how much"
is "$(col py 2)" high "kill-py: rows.txt open at the kill, 0.257 s past 11.61 s: high"
is "$(col stdout 2)" ok "a job that ended, its <STDOUT> never closed: quiet"
is "$(col open 2)" ok "files left open to exit, a whole-second log: quiet"
"$TOP/t/unit/cut-short" nothing >/dev/null 2>&1
is $? 2 "an unknown case is a usage error"
done_testing
