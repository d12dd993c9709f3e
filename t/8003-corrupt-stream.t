#!/bin/sh
# A large zlib region (one stream per rank, inflated stream by stream by
# libdeflate) damaged in a stream after its first: libdeflate refuses the
# stream and zlib takes it over, into the room the buffer has after it
# was moved and shrunk (not the room it had before: inflate wrote past
# the buffer, a SIGSEGV in every command that reads the log).  Every
# command then says the data is corrupt and exits 1.
. "$(dirname "$0")/lib.sh"
need_shared
LOG=$(ls "$SHARED"/bench/dxt-1m/*.darshan 2>/dev/null | head -1)
[ -f "$LOG" ] || skip_all "no dxt-1m bench log"

# damage OFFSET: two bytes of the DXT_POSIX region (about 2.7 KB to 7.16
# MB of the log) changed, in $TMP/bad.darshan
damage() {
	cp "$LOG" "$TMP/bad.darshan"
	chmod u+w "$TMP/bad.darshan"
	printf '\125\252' | dd of="$TMP/bad.darshan" bs=1 seek="$1" \
		conv=notrunc 2>/dev/null
	! cmp -s "$LOG" "$TMP/bad.darshan"
}

for off in 2000000 3500000 6000000 7100000; do
	damage $off
	ok $? "the log is changed at $off"
	for cmd in summary "timeline --format csv --phases"; do
		# shellcheck disable=SC2086
		$RUN $cmd "$TMP/bad.darshan" >/dev/null 2>"$TMP/err"
		is "$?" 1 "$cmd, damaged at $off: exit 1"
		grep -q "cannot read .*corrupt compressed data" "$TMP/err"
		ok $? "... says the data is corrupt"
	done
done
done_testing
