#!/bin/sh
# IOL-STDIO-SHARE's advice fits the stream (issue 34, defect 8; round
# 171): a stream whose requests (a buffer's worth or a flush each) wait
# for the device is told to give it a larger buffer or flush less, even
# when several calls share a request.  r171-sim4k: a spike recorder's
# fprintf through glibc's 4 KiB buffer on a sync mount, 10 calls a
# request, 4.1 s on rank 3 (its 1 MiB-buffer twin: 0.02-0.04 s); it was
# told "Move bulk data to POSIX, MPI-IO or HDF5/NetCDF".  A text format
# whose calls cost a formatting's microseconds keeps that advice: a
# larger buffer saves nothing there (r89-fem's 4 MiB-buffer twin saved
# nothing; r86-gascii, r43-csv-rank0).  Truths by awk over `iolens
# parse`: microseconds a STDIO write call.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
us_call() { # log: STDIO write time over STDIO writes, microseconds
	$RUN parse "$1" 2>/dev/null | awk '
		$1 == "STDIO" && $4 == "STDIO_F_WRITE_TIME" { t += $5 }
		$1 == "STDIO" && $4 == "STDIO_WRITES" { w += $5 }
		END { printf "%.0f\n", (w > 0 ? t / w * 1e6 : -1) }'
}
rec() { # log: IOL-STDIO-SHARE's severity and recommendation
	$RUN triage --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-STDIO-SHARE" { print $3 "\t" $9 }'
}
for l in triage-round171/r171-sim4k triage-round36/r36-halodiag-flush \
	triage-round43/r43-bin-fwrite; do
	f=$D/$l.darshan
	b=$(basename "$l")
	u=$(us_call "$f")
	ok "$([ "$u" -ge 100 ] && echo 0 || echo 1)" "$b: awk: $u us a write call, a request's wait"
	case $(rec "$f") in
	warn*"larger buffer (setvbuf"*) ok 0 "$b: a larger buffer or fewer flushes" ;;
	*) ok 1 "$b: a larger buffer or fewer flushes ($(rec "$f"))" ;;
	esac
done
for l in triage-round89/r89-fem triage-round86/r86-gascii \
	triage-round43/r43-csv-rank0; do
	f=$D/$l.darshan
	b=$(basename "$l")
	u=$(us_call "$f")
	case $(rec "$f") in
	*"Move bulk data to POSIX"*) ok 0 "$b: a text format's calls ($u us), the rule's advice" ;;
	*) ok 1 "$b: a text format's calls ($u us), the rule's advice ($(rec "$f"))" ;;
	esac
done
done_testing
