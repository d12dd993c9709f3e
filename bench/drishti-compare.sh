#!/usr/bin/env bash
# bench/drishti-compare.sh: iolens triage beside Drishti on the same logs.
#
#   DRISHTI='/path/to/run-drishti' sh bench/drishti-compare.sh [LOG|DIR ...]
#
# DRISHTI is a command that runs Drishti (github.com/hpc-io/drishti-io,
# with PyDarshan) as `$DRISHTI --csv --export_dir DIR LOG`; Drishti is not
# a Debian package, so it is never installed by the project.  Default
# logs: the Darshan logs of ../shared/corpus/darshan-logs.
#
# For each Drishti issue code that has an iolens rule, a log counts as
# flagged by Drishti when its CSV says True, and by iolens when the rule's
# severity is high, warn or info.  Prints a Markdown table per rule (both,
# Drishti only, iolens only, neither) and, with VERBOSE=1, every
# disagreement.  Logs Drishti fails on (or takes over DRISHTI_TIMEOUT
# seconds on, default 120) are counted apart.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/env.sh"
if [ -z "${DRISHTI:-}" ]; then
	echo "drishti-compare: skipped: set DRISHTI to a command running Drishti"
	exit 0
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/iolens-drishti.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
[ $# -eq 0 ] && set -- "$SHARED/corpus/darshan-logs"
find "$@" -name '*.darshan' -type f | sort >"$TMP/logs"

# Drishti codes -> iolens rule: Drishti splits reads from writes (P05 and
# P06 ...), iolens judges both together, so a group counts as flagged
# when any of its codes is.  Drishti's "OK" insights (P12, P14, M04, M05)
# are the negations of others and are not compared.
MAP='S01 IOL-STDIO-SHARE
P05,P06 IOL-SMALL-REQ
P07 IOL-MEM-MISALIGNED
P08 IOL-MISALIGNED
P09,P10 IOL-REDUNDANT
P11,P13 IOL-RANDOM
P15,P16 IOL-SHARED-SMALL
P17 IOL-META-BOUND
P18 IOL-SHARED-IMBALANCE
P19 IOL-SHARED-TIME-IMBALANCE
P21,P22 IOL-RANK-SIZE-IMBALANCE
M01 IOL-NO-MPIIO
M02,M03 IOL-NO-COLLECTIVE
M06,M07 IOL-NO-NONBLOCKING'

n=0 failed=0
: >"$TMP/pairs"
while read -r log; do
	n=$((n + 1))
	d=$TMP/d$n
	mkdir -p "$d"
	if ! timeout "${DRISHTI_TIMEOUT:-120}" $DRISHTI --csv --export_dir "$d" "$log" \
		>/dev/null 2>&1 || ! ls "$d"/*.csv >/dev/null 2>&1; then
		failed=$((failed + 1))
		echo "$log" >>"$TMP/failed"
		continue
	fi
	"$IOLENS" triage --format tsv "$log" 2>/dev/null >"$TMP/i.tsv"
	# one line per (log, drishti code): log code drishti iolens-severity
	awk -F, -v lg="$log" -v map="$MAP" -v tsv="$TMP/i.tsv" '
		BEGIN {
			while ((getline l < tsv) > 0) { split(l, f, "\t"); sev[f[2]] = f[3] }
			nm = split(map, m, "\n")
		}
		NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
		NR == 2 { for (g = 1; g <= nm; g++) {
				split(m[g], p, " "); nc = split(p[1], c, ",")
				d = "False"
				for (k = 1; k <= nc; k++) if ((c[k] in at) && $(at[c[k]]) == "True") d = "True"
				s = sev[p[2]]; if (s == "") s = "absent"
				print lg "\t" p[1] "\t" p[2] "\t" d "\t" s } }
	' "$d"/*.csv >>"$TMP/pairs"
done <"$TMP/logs"

echo "logs: $n; Drishti failed or timed out on $failed"
echo
echo "| Drishti | iolens rule | both | Drishti only | iolens only | neither | iolens not evaluated |"
echo "|---|---|---|---|---|---|---|"
awk -F'\t' '{
	d = ($4 == "True"); i = ($5 == "high" || $5 == "warn" || $5 == "info")
	k = $2 "\t" $3; keys[k] = 1
	if ($5 == "not evaluated" || $5 == "absent") na[k]++
	else if (d && i) both[k]++; else if (d) donly[k]++; else if (i) ionly[k]++; else none[k]++
} END {
	for (k in keys) { split(k, p, "\t")
		printf "| %s | %s | %d | %d | %d | %d | %d |\n", p[1], p[2], both[k], donly[k], ionly[k], none[k], na[k] }
}' "$TMP/pairs" | sort
if [ "${VERBOSE:-0}" = 1 ]; then
	echo
	echo "Disagreements (log, Drishti code, iolens rule, Drishti, iolens):"
	awk -F'\t' '{ d = ($4 == "True"); i = ($5 == "high" || $5 == "warn" || $5 == "info")
		if (d != i && $5 != "not evaluated") print }' "$TMP/pairs"
fi
[ -f "$TMP/failed" ] && { echo; echo "Drishti failed on:"; sed 's/^/  /' "$TMP/failed"; }
exit 0
