#!/bin/sh
# The time by slowest of the layers darshan-util has no accumulator for:
# HDF5 datasets (H5D) and PnetCDF variables.  summary's
# h5d_time_by_slowest and pnetcdf_var_time_by_slowest were always empty,
# so IOL-IO-TIME, which takes the highest layer's time, took POSIX's
# 0.255 s for an HDF5 job whose datasets took rank 0 2.571 s (the fourth
# labelled round's r4-h5-small-chunks: material, missed).  The truth here
# is each rank's read + write + meta time summed by awk over the layer's
# records in `iolens parse`, the slowest rank's taken.
. "$(dirname "$0")/lib.sh"
D=$TOP/t/data/triage-round4
slowest() { # log module prefix: the slowest rank's read+write+meta time,
	# plus what shared records say their slowest rank spent
	$RUN parse "$1" | awk -v m="$2" -v p="$3" '$1 == m && $2 >= 0 &&
		($4 == p "_F_READ_TIME" || $4 == p "_F_WRITE_TIME" || $4 == p "_F_META_TIME") { t[$2] += $5 }
		$1 == m && $2 == -1 && $4 == p "_F_SLOWEST_RANK_TIME" { sh += $5 }
		END { for (r in t) if (t[r] > mx) mx = t[r]; printf "%.4f\n", mx + sh }'
}
field() { # log key
	$RUN summary --format json "$1" | tr ',{}' '\n\n\n' | awk -F: -v k="\"$2\"" '$1 == k { printf "%.4f\n", $2 }'
}
H=$D/r4-h5-small-chunks.darshan
P=$D/r4-pnc-indep-small.darshan
want=$(slowest "$H" H5D H5D)
diag "H5D slowest rank by awk: $want s"
ok "$(awk -v w="$want" 'BEGIN { exit !(w > 2) }'; echo $?)" "the awk truth is the datasets' 2.5 s"
is "$(field "$H" h5d_time_by_slowest)" "$want" "summary: h5d_time_by_slowest"
want=$(slowest "$P" PNETCDF_VAR PNETCDF_VAR)
diag "PnetCDF variables' slowest rank by awk: $want s"
ok "$(awk -v w="$want" 'BEGIN { exit !(w > 0.2) }'; echo $?)" "the awk truth is the shared record's 0.27 s"
is "$(field "$P" pnetcdf_var_time_by_slowest)" "$want" "summary: pnetcdf_var_time_by_slowest"
# the highest layer's time is IO-TIME's: HDF5 here, a warning at 93 %
$RUN triage --all --format tsv "$H" >"$TMP/h.tsv" 2>/dev/null
ok $? "triage of the HDF5 job"
is "$(awk -F'\t' '$2 == "IOL-IO-TIME" { print $3 }' "$TMP/h.tsv")" warn "IO-TIME warns"
ok "$(grep -c 'IOL-IO-TIME.*in HDF5 of a' "$TMP/h.tsv" >/dev/null; echo $?)" "IO-TIME names HDF5 as the layer"
# a log without the layers keeps them empty (no module, no number)
is "$($RUN summary --format json "$TOP"/sample-logs/nonmpi/darshan/cp_bigfile/*.darshan | tr ',' '\n' | grep -c '"h5d_time_by_slowest":null')" 1 \
	"no H5D records: h5d_time_by_slowest stays null"
done_testing
