#!/bin/sh
# Per-call events and iterators of the sources (t/unit/test-events.c):
# strace events against strace_summary.py's totals, two iterators at once,
# DXT events of an IOR log against its segment counts, record ids.
. "$(dirname "$0")/lib.sh"
exec "$TOP/t/unit/test-events" "$SAMPLES"
