#!/bin/sh
# IOL-REDUNDANT's advice follows what was moved again (issue 34, defect
# 8: advice that does not fit).  Where the bytes moved again are mostly
# rewrites (red_split(): twice the re-read and code bytes or more), the
# rule's own advice, "read once and share it (MPI_Bcast)", does nothing:
# r113-tp dumps a changing array over one file three times (33554432 B
# rewritten, 0 B re-read), r102-ckdaily rewrites its checkpoint every
# day.  Re-reads keep the broadcast advice: r104-intreread (integral
# scratch re-read 12 times), r110-recal (calibration frames re-read for
# every strip).
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data
rec() { # log: REDUNDANT's recommendation
	$RUN triage --all --format tsv "$1" 2>/dev/null |
		awk -F'\t' '$2 == "IOL-REDUNDANT" { print $9 }'
}
for l in triage-round113/r113-tp triage-round102/r102-ckdaily; do
	r=$(rec "$D/$l.darshan")
	case $r in *"writes over bytes already written"*) s=0 ;; *) s=1 ;; esac
	ok $s "$(basename "$l"): rewrites get the advice to write once"
	case $r in *MPI_Bcast*) s=1 ;; *) s=0 ;; esac
	ok $s "$(basename "$l"): no broadcast advice for rewrites"
done
for l in triage-round104/r104-intreread triage-round110/r110-recal; do
	r=$(rec "$D/$l.darshan")
	case $r in *"Read once and share it (MPI_Bcast)"*) s=0 ;; *) s=1 ;; esac
	ok $s "$(basename "$l"): re-reads keep the broadcast advice"
done
done_testing
