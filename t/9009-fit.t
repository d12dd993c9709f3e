#!/bin/sh
# Every command's text for people fits the terminal (issue 36): at
# COLUMNS=80 and 100 no line of any table command's default output is
# wider, on the sample logs, the corpus and the population store.  Wide
# content is shortened, wrapped or hidden with a note, never cut silently:
# the machine formats keep it all (t/9006).
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1

widest() { perl -CSD -ne 'chomp; $m = length if length > ($m // 0); END { print $m // 0 }' "$1"; }

IOR=$(ls sample-logs/ior/ior_posix_n1_t4m/*.darshan)
T4K=$(ls sample-logs/ior/ior_posix_n1_t4k/*.darshan)
TRACE=$(ls sample-logs/ior/strace_ior_posix_n1_t4m/trace.rank*.txt.xz)
STACKS=$(ls t/data/blocks/*.trace* 2>/dev/null | head -1)

fits() {	# fits <name> <command...>: its text at 80 and 100 columns
	name=$1
	shift
	for w in 80 100; do
		COLUMNS=$w "$IOLENS" "$@" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		m=$(widest "$TMP/out")
		if [ $rc -gt 1 ]; then
			ok 1 "$name at $w: exit $rc: $(head -1 "$TMP/err")"
			continue
		fi
		ok $(test "$m" -le $w; echo $?) "$name at COLUMNS=$w: widest line $m"
		[ "$m" -le $w ] || diag "$(perl -CSD -ne "print if length > $w + 1" "$TMP/out" | head -2)"
	done
}

fits summary summary $IOR
fits "summary of a trace" summary $TRACE
fits files files $IOR
fits "files --shared" files --shared $IOR
fits hist hist $T4K
fits meta meta $IOR
fits timeline timeline $IOR
fits diff diff $T4K $IOR
fits triage triage $T4K
[ -n "$STACKS" ] && fits blocks blocks "$STACKS"
fits iostat iostat sample-logs/iostat/iostat-x-5s.json.xz
fits fsstats fsstats sample-logs

if [ -d "$SHARED/corpus" ]; then
	"$IOLENS" ingest --db "$TMP/pop.db" "$SHARED/corpus/population" >/dev/null 2>&1
	LOG=$(ls "$SHARED"/corpus/population/logs/*.darshan | head -1)
	for c in jobs variance coverage; do
		fits "$c" $c --db "$TMP/pop.db"
	done
	fits "groups --by app" groups --db "$TMP/pop.db" --by app
	fits "groups --by user" groups --db "$TMP/pop.db" --by user
	fits "triage --db" triage --db "$TMP/pop.db"
	fits context context --db "$TMP/pop.db" "$LOG"
	fits "iostat --jobs" iostat --db "$TMP/pop.db" --jobs \
		"$SHARED"/corpus/population/iostat/*
	E3SM=$(find "$SHARED/corpus/darshan-logs" -name '*e3sm*.darshan' | head -1)
	fits "summary e3sm" summary "$E3SM"
	fits "files e3sm" files "$E3SM"
	fits "triage e3sm" triage "$E3SM"
else
	skip "no ../shared: the population store and the corpus" 24
fi
done_testing
