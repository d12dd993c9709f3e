#!/bin/sh
# IOL-LUSTRE-MISALIGNED takes a file's stripe from its LUSTRE record and
# does not count requests under the stripe as crossing it (issue 34,
# round 20): jeanbez_8's 122862 HDF5 metadata reads of ~470 B were taken
# as crossing 1 MiB stripes (POSIX_FILE_ALIGNMENT) where the file's
# LUSTRE record says 32 MiB; each lies inside one stripe (labelled
# trivial; main: warn, 1.07 s).  t/unit/triage-r20 lustre: 4 ranks read
# a 32 MiB-striped file in 1000 pieces of 470 B each, off the 1 MiB
# alignment (1 a rank may cross: 470 B in 32 MiB), and a file with no
# LUSTRE record is written in 100 requests of 4 MiB off its 1 MiB
# alignment (all counted, as before).
. "$(dirname "$0")/lib.sh"
U=$TOP/t/unit/triage-r20
fact() { # mode name
	"$U" "$1" | awk -v k="$2" '$1 == k { print $2 }'
}
if [ ! -x "$U" ]; then
	skip "t/unit/triage-r20 is not built" 3
	done_testing
	exit 0
fi
is "$(fact lustre lustre_ops)" 4100 "4100 operations on Lustre files"
is "$(fact lustre lustre_notaligned)" 104 "470 B reads in 32 MiB stripes: 4 may cross, plus the 100 writes of 4 MiB (main: 4100)"
is "$(fact lustre lustre_stripe)" 33554432 "the stripe is the LUSTRE record's 32 MiB, not the 1 MiB alignment"
done_testing
