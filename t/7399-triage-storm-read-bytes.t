#!/bin/sh
# IOL-SMALL-FILES keeps a read storm's bytes at the read pace out of its
# stake (issue 34, round 16): packing the files into one saves their
# opens and calls, not the reading of their bytes.  r16-rsync-send reads
# 2000 files of 8.9 KB once each (17.7 MB, 0.096 s of reads, 0.013 s of
# opens, 5.8 % of a 1.868 s run; labelled trivial; main: warn, 0.109 s):
# 0.067 s of it is the bytes at read_rate_mibs (256), the rest 2.2 %.
# r6-py-many's 15000 files of 231 B (3.5 MB, 0.65 s; labelled material)
# stay a finding.  The bytes and times are computed by awk from
# `iolens parse`.
. "$(dirname "$0")/lib.sh"
col() { # tsv code column
	awk -F'\t' -v c="$2" -v k="$3" '$2 == c { print $k }' "$1"
}
tri() { # log [args]: the tsv of every rule
	g=$1
	shift
	$RUN triage "$@" --all --format tsv "$g" >"$TMP/t.tsv" 2>/dev/null
}
bytes() { # log: POSIX bytes read, KiB; read + metadata time, ms; by awk
	$RUN parse --show-incomplete "$1" 2>/dev/null | awk '
		$1 == "POSIX" && $4 == "POSIX_BYTES_READ" { b += $5 }
		$1 == "POSIX" && ($4 == "POSIX_F_READ_TIME" || $4 == "POSIX_F_META_TIME") { t += $5 }
		END { printf "%d %d\n", b / 1024, t * 1000 }'
}

F=$TOP/t/data/triage-round16/r16-rsync-send.darshan
set -- $(bytes "$F")
# the bytes at 256 MiB/s take 67 ms of the 109 ms
ok "$([ "$1" -ge 17000 ] && [ "$1" -le 18000 ] && [ "$2" -ge 100 ] && [ "$2" -le 115 ] && echo 0 || echo 1)" "r16-rsync-send: awk: $1 KiB read, $2 ms of reads and opens"
tri "$F"
s=$(col "$TMP/t.tsv" IOL-SMALL-FILES 3)
ok "$([ "$s" = ok ] || [ "$s" = info ] || [ "$s" = floor ] && echo 0 || echo 1)" "r16-rsync-send: SMALL-FILES no finding ($s; main: warn, 0.109 s)"
col "$TMP/t.tsv" IOL-SMALL-FILES 8 | grep -q "0.067 s: the bytes at 256 MiB/s, read however packed, not saved"
ok $? "r16-rsync-send: the detail says why"
printf 'read_rate_mibs = 0\n' >"$TMP/zero.conf"
tri "$F" --config "$TMP/zero.conf"
is "$(col "$TMP/t.tsv" IOL-SMALL-FILES 3)" warn "read_rate_mibs 0: nothing kept, r16-rsync-send warns"
tri "$TOP/t/data/triage-round6/r6-py-many.darshan"
is "$(col "$TMP/t.tsv" IOL-SMALL-FILES 3)" warn "r6-py-many: 15000 files of 231 B, SMALL-FILES warns"
done_testing
