#!/bin/sh
# A command confined as serve's children are (IOLENS_SERVE_CONFINE: the
# limits, Landlock, the process filter) ends as it would unconfined:
# status 0, nothing on its error.  In a SANITIZE=1 build LeakSanitizer
# checks at exit from a tracer it starts with clone (CLONE_VM |
# CLONE_UNTRACED, no CLONE_THREAD); the filter refused it, so every
# confined child said "LeakSanitizer has encountered a fatal error" and
# exited 1, its leaks unchecked.  (An ordinary build passes either way.)
. "$(dirname "$0")/lib.sh"
case $(uname -m) in
x86_64 | aarch64 | i?86) ;;
*) skip_all "the process filter knows no $(uname -m) system calls" ;;
esac
L=$TOP/t/data/triage-round4/r4-rand-read.darshan
BIN=$(dirname "$IOLENS")
spec="r $TOP/t/data/triage-round4
r $BIN
r /usr
r /etc/ld.so.cache
r /proc/self
w /dev/null
"
IOLENS_SERVE_CONFINE=$spec $IOLENS summary "$L" >"$TMP/out" 2>"$TMP/err"
is "$?:$(cat "$TMP/err")" "0:" "a confined summary ends with 0, nothing on its error"
$IOLENS summary "$L" >"$TMP/free" 2>/dev/null
cmp -s "$TMP/out" "$TMP/free"
ok $? "... its output the unconfined one's"
done_testing
