#!/bin/sh
# A rerun truncates what the previous run wrote moments before, not a
# file long written back: blocks --calibrate synced each file before
# timing its truncating open, and the model charged 778 us where reruns
# measured 0.21-0.34 ms (issue 33 D4).  The files it truncates are now
# written and closed, not synced: under strace, no fsync between two of
# its O_TRUNC opens of its data file (the structure, not the timings).
. "$(dirname "$0")/lib.sh"
[ -z "${SANITIZE:-}" ] || skip_all "strace under SANITIZE"
command -v strace > /dev/null || skip_all "no strace"
cd "$TMP" || exit 1
mkdir -p fs
# no mpicc on PATH: the MPI-IO part is not this test's
strace -f -o cal.st -e trace=openat,fsync env PATH=/nonexistent "$IOLENS" blocks --calibrate fs > cal.txt 2> err ||
	skip_all "strace cannot trace here"
is "$(grep -c "a rerun's open with O_TRUNC" cal.txt)" 1 "--calibrate runs under strace"
# O_TRUNC opens of its data file, and fsyncs, in order, within one
# round's directory (each of its 3 rounds syncs its own data file first)
awk '/openat\(.*\.iolens-calibrate\.[^/]*\/data".*O_TRUNC/ {
		d = $0; sub(/.*\.iolens-calibrate\./, "", d); sub(/\/.*/, "", d)
		if (seen && synced && d == last) bad++; seen++; synced = 0; last = d; next }
	/fsync\(/ { synced = 1 }
	END { print seen + 0 > "n"; print bad + 0 }' cal.st > bad
is "$(cat n)" "$(cat n | awk '$1 >= 4 { print $1 }')" "at least 4 truncating opens of its data file"
is "$(cat bad)" 0 "no fsync between two of them: a file written moments before"
done_testing
