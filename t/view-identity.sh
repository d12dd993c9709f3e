#!/bin/sh
# Byte identity of the machine outputs (CSV, JSON; the files export,
# report, convert and population-report write) of two iolens binaries,
# for issue 36: commands moved onto views must not change those bytes.
#
#   t/view-identity.sh OLD NEW [--text] [DIR]
#
# runs every case below with each binary (stdout, stderr and exit status
# kept in DIR/old and DIR/new), on the corpus logs (/work/shared/corpus or
# $CORPUS), the sample logs and two population stores (the sample one and
# one ingested here from the corpus population), and prints a line per
# differing case and a count.  --text compares the text outputs too (for
# changes that must not touch them); ONLY=regex runs the cases whose
# names start so.  Exit 0 when all are identical.
# Not a TAP test: it needs the corpus and takes minutes.
set -u
OLD=$1 NEW=$2
shift 2
TEXT=0
[ "${1:-}" = --text ] && { TEXT=1; shift; }
DIR=${1:-/tmp/view-identity.$$}
TOP=$(cd "$(dirname "$0")/.." && pwd)
S=$TOP/sample-logs
C=${CORPUS:-/work/shared/corpus}
export LC_ALL=C TZ=UTC SOURCE_DATE_EPOCH=1700000000 COLUMNS=100 NO_COLOR=1
mkdir -p "$DIR/old" "$DIR/new" "$DIR/in"

# the corpus population as a store, once, by the old binary (an input)
[ -s "$DIR/in/corpus.db" ] ||
	"$OLD" ingest --db "$DIR/in/corpus.db" "$C/population/logs" > /dev/null 2>&1
# and the sample one with the scheduler's accounting (coverage)
[ -s "$DIR/in/sacct.db" ] || {
	cp "$S/population/pop.db" "$DIR/in/sacct.db" &&
		"$OLD" ingest --db "$DIR/in/sacct.db" --sacct "$S/population/sacct.txt" \
			"$S/population/logs" > /dev/null 2>&1
}

ST=$S/ior/strace_ior_posix_n1_t4m
LOGS="$C/darshan-logs $S"
RANKS=$(ls "$ST"/trace.rank*.txt.xz | tr '\n' ' ')
IOR=$(find "$S/ior" -name '*.darshan' | sort | tr '\n' ' ')
ONE=$(echo $IOR | cut -d' ' -f1)
TWO=$(echo $IOR | cut -d' ' -f2)
POPLOG=$(ls "$S"/population/logs/*.darshan | head -n 1)
DBS="$S/population/pop.db $DIR/in/corpus.db $DIR/in/sacct.db"

# one case: name, then the command line ($BIN and $OUT are replaced)
cases() {
	for f in csv json text; do
		for c in summary files hist meta timeline triage; do
			echo "$c-logs-$f|$c --format=$f $LOGS"
			echo "$c-pop-$f|$c --format=$f $C/population/logs"
			echo "$c-ranks-$f|$c --format=$f $RANKS"
			echo "$c-merged-$f|$c --format=$f --merge-traces $RANKS"
			echo "$c-dirs-$f|$c --format=$f $S/nonmpi/strace $ST/ $S/nonmpi/strace-ttt"
		done
		echo "summary-nodes-$f|summary --format=$f --nodes 2 $S/ior"
		echo "files-shared-$f|files --format=$f --shared $LOGS"
		echo "files-merge-$f|files --format=$f --merge --sort bytes_read $LOGS"
		echo "timeline-bins-$f|timeline --format=$f --bins 8 $LOGS"
		echo "timeline-phases-$f|timeline --format=$f --phases $LOGS"
		echo "diff-$f|diff --format=$f $ONE $TWO"
		echo "diff-traces-$f|diff --format=$f $ST $ONE"
		echo "diff-dir-$f|diff --format=$f $S/ior $ONE"
		for db in $DBS; do
			b=$(basename "$db" .db)
			echo "jobs-$b-$f|jobs --db $db --format=$f"
			echo "jobs-sorted-$b-$f|jobs --db $db --sort -bytes_written --top 20 --format=$f"
			for k in app user project nprocs size; do
				echo "groups-$k-$b-$f|groups --db $db --by $k --format=$f"
			done
			echo "variance-$b-$f|variance --db $db --format=$f"
			echo "coverage-$b-$f|coverage --db $db --format=$f"
			echo "coverage-apis-$b-$f|coverage --db $db --apis --format=$f"
		done
		echo "context-$f|context --db $S/population/pop.db --format=$f $POPLOG"
		echo "context-new-$f|context --db $S/population/pop.db --format=$f $ONE"
		echo "jobs-where-$f|jobs --db $S/population/pop.db --where nprocs>1 --format=$f"
		echo "variance-where-$f|variance --db $S/population/pop.db --where nprocs>1 --format=$f"
	done
	for l in $IOR; do
		b=$(basename "$l" .darshan)
		echo "parse-$b|parse --all $l"
		echo "parse-dxt-$b|parse --dxt $l"
	done
	for l in $(find "$C/darshan-logs" -name '*.darshan' | sort | awk 'NR % 5 == 1'); do
		b=$(basename "$l" .darshan)
		echo "parse-c-$b|parse --all $l"
	done
	echo "export|export -o \$OUT.xlsx $S/population/logs"
	echo "export-traces|export -o \$OUT.xlsx $RANKS"
	echo "convert|convert -o \$OUT.darshan $ST"
	echo "convert-files|convert -o \$OUT.darshan $RANKS"
	echo "report|report -o \$OUT.pdf $ONE"
	echo "report-traces|report -o \$OUT.pdf $ST"
	echo "population-report|population-report --db $S/population/pop.db -o \$OUT.pdf"
}

run() { # side binary name args
	out=$DIR/$1/$3
	cmd=$(echo "$4" | sed "s|\\\$OUT|$out|g")
	# shellcheck disable=SC2086
	"$2" $cmd < /dev/null > "$out.out" 2> "$out.err"
	echo $? > "$out.rc"
	# a PDF's bytes hold its file name nowhere, but pin what can vary
	sed -i "s|$DIR/$1/|DIR/|g" "$out.err" "$out.out" 2> /dev/null
}

n=0 bad=0
# ONLY=regex: the cases whose name matches, for a quick look
cases | grep -E "^(${ONLY:-.*})[^|]*\|" > "$DIR/cases"
while IFS='|' read -r name args; do
	case $name in *-text) [ $TEXT = 1 ] || continue ;; esac
	run old "$OLD" "$name" "$args"
	run new "$NEW" "$name" "$args"
	n=$((n + 1))
	for x in out err rc xlsx darshan pdf; do
		[ -e "$DIR/old/$name.$x" ] || [ -e "$DIR/new/$name.$x" ] || continue
		if ! cmp -s "$DIR/old/$name.$x" "$DIR/new/$name.$x"; then
			echo "DIFFERS: $name.$x ($args)"
			bad=$((bad + 1))
		fi
	done
done < "$DIR/cases"
echo "$n cases, $bad differing outputs (in $DIR)"
[ $bad = 0 ]
