#!/bin/sh
# The commands on views (issue 36): their text fits COLUMNS=80 and 100
# on the sample logs and the sample population store (paths shortened,
# columns hidden and named, prose wrapped), and their man page's COLUMNS
# section lists the CSV header's keys, in order.
. "$(dirname "$0")/lib.sh"
DB=$SAMPLES/population/pop.db
POP=$SAMPLES/population/logs

# the widest line of a file, in characters (UTF-8)
widest() { perl -CSD -ne 'chomp; $m = length if length > ($m // 0); END { print $m // 0 }' "$1"; }

L1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
L2=$(ls "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan)

# name|arguments, run as "iolens arguments"
cases() {
	echo "summary|summary $SAMPLES"
	echo "files|files $SAMPLES"
	echo "meta|meta $SAMPLES"
	echo "hist|hist $SAMPLES"
	echo "diff|diff $L1 $L2"
	echo "diff-trace|diff $SAMPLES/ior/strace_ior_posix_n1_t4m $L2"
	echo "timeline|timeline $SAMPLES"
	echo "timeline-bins|timeline --bins 8 $SAMPLES"
	echo "files-shared|files --shared $SAMPLES"
	echo "context|context --db $DB $(ls "$POP"/*.darshan | head -n 1)"
	echo "context-new|context --db $DB $(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)"
	for by in app user project nprocs size; do
		echo "groups-$by|groups --db $DB --by $by"
	done
}

cases > "$TMP/cases"
while IFS='|' read -r name args; do
	for w in 80 100; do
		# shellcheck disable=SC2086
		COLUMNS=$w $RUN $args < /dev/null > "$TMP/$name.$w" 2> "$TMP/err"
		m=$(widest "$TMP/$name.$w")
		ok $(test "$m" -le $w -a -s "$TMP/$name.$w"; echo $?) \
			"$name at COLUMNS=$w fits (widest $m)"
	done
done < "$TMP/cases"

# the keys a man page's COLUMNS section lists, in order: of its view
# named $2 (its subsection; the command's name for its main view) when
# it has several
man_keys() {
	sed -n '/^\.Sh COLUMNS/,/^\.Sh /p' "$TOP/man/iolens-$1.1" |
		awk -v v="$2" '/^\.Ss /{ss=1; on=($2 == v); next} (!ss || on) && sub(/^\.It Li /, "")' |
		tr '\n' ',' | sed 's/,$//'
}
# command|view|arguments of its CSV table
while IFS='|' read -r cmd view args; do
	# shellcheck disable=SC2086
	$RUN $cmd --format=csv $args < /dev/null 2> /dev/null | head -n 1 | tr -d '\r' > "$TMP/h"
	is "$(man_keys "$cmd" "$view")" "$(cat "$TMP/h")" \
		"iolens-$cmd(1) lists the CSV columns of $view"
done <<EOT
groups|groups|--db $DB --by app
summary|summary|$SAMPLES/ior
files|files|$SAMPLES/ior
files|shared|--shared $SAMPLES/ior
meta|meta|$SAMPLES/ior
hist|hist|$SAMPLES/ior
diff|diff|$L1 $L2
timeline|timeline|$SAMPLES/ior
timeline|phases|--phases $SAMPLES/ior
timeline|bins|--bins 4 $SAMPLES/ior
context|context|--db $DB $(ls "$POP"/*.darshan | head -n 1)
EOT
done_testing
