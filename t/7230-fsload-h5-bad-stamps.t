#!/bin/sh
# A TOKIO HDF5 or h5lmt file whose time stamps are no time (NaN,
# infinite, past the year 9999) is refused naming the stamp, exit 1,
# as mmperfmon's "no such time" is (t/7229).  Since missing samples
# became holes (t/7224), a TOKIO NaN stamp made an interval of NaN ends
# (a NaN cast to a bin index: a crash) and a stamp of 1e300 a hole
# binned into a 250-digit message; before that they were passed over.
# A TOKIO file of one time step ("no time step") freed its table of
# OST names before it had one (a crash).
. "$(dirname "$0")/lib.sh"

"$TOP/t/unit/h5gen" "$TMP/probe.h5" </dev/null 2>/dev/null
[ $? = 77 ] && skip_all "libhdf5 is not installed"

# TOKIO: 1 OST, 4 rows, the third time stamp given by $1
tokio() {
	printf 'tokio 1 4\n0 10 %s 30\n5\n5\n5\n5\n50\n50\n50\n50\n' "$1" |
		"$TOP/t/unit/h5gen" "$2"
}
for v in nan inf 1e300; do
	tokio "$v" "$TMP/$v.hdf5"
	$RUN fsload --format=csv "$TMP/$v.hdf5" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	case $v in nan) want=nan ;; inf) want=inf ;; *) want=1e+300 ;; esac
	is "$rc $(cat "$TMP/err")" \
		"1 iolens fsload: cannot read '$TMP/$v.hdf5': TOKIO HDF5: time stamp 3 ($want) is no time" \
		"TOKIO: a time stamp of $v refused, naming it"
done

# h5lmt: the same stamps (an infinite one was blamed on the bytes)
for v in nan inf 1e300; do
	printf 'h5lmt 1 4\n0 5 %s 15\n0 1 1 1\n0 1 1 1\n0 0 0 0\n' "$v" |
		"$TOP/t/unit/h5gen" "$TMP/$v.h5lmt"
	$RUN fsload --format=csv "$TMP/$v.h5lmt" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	case $v in nan) want=nan ;; inf) want=inf ;; *) want=1e+300 ;; esac
	is "$rc $(cat "$TMP/err")" \
		"1 iolens fsload: cannot read '$TMP/$v.h5lmt': h5lmt: time stamp 3 ($want) is no time" \
		"h5lmt: a time stamp of $v refused, naming it"
done

# a TOKIO file of one time step: its message, not a crash
printf 'tokio 2 1\n0\n5 5\n50 50\n' | "$TOP/t/unit/h5gen" "$TMP/one.hdf5"
$RUN fsload --format=csv "$TMP/one.hdf5" >"$TMP/out" 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens fsload: cannot read '$TMP/one.hdf5': TOKIO HDF5: no time step" \
	"TOKIO: one time step is refused by its message, not a crash"

# the good stamps still read (the rows' bytes)
tokio 20 "$TMP/good.hdf5"
$RUN fsload --format=csv "$TMP/good.hdf5" >"$TMP/out" 2>"$TMP/err"
is "$? $(awk -F, '$1 == "OST0000" { print $3, $4 }' "$TMP/out")" "0 20 200" \
	"TOKIO: time stamps that are times read as before ($(cat "$TMP/err"))"

done_testing
