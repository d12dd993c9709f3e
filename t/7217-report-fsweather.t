#!/bin/sh
# The job report's context page gives the file system's weather that
# context gives (population/fsweather.h, one computation for both): with
# --fsload RECORDING, or the telemetry the store keeps (ingest --fsload),
# the page's bytes, other traffic, share, server CPU and metadata
# operations are context --format=json's.  Without telemetry around the
# run the report is the one main's binary writes, byte for byte.
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "no sqlite3"
command -v pdftotext >/dev/null || skip_all "no pdftotext"
. "$TOP/t/fs/lmtgen.sh"
REC=$TMP/gen.sqlite3
lmt_gen | sqlite3 "$REC"
S=$TMP/s.db
L=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan | head -1)
$RUN ingest --db "$S" "$L" >/dev/null 2>&1
# the job moved into the generated window, its bytes a part of the
# file system's (the store's row, not the log, is the job as context
# sees it)
sqlite3 "$S" "UPDATE jobs SET start_time = 1517097605, end_time = 1517097630,
	bytes_read = 3000, bytes_written = 12000"

# the page's caption as one line
page() { pdftotext "$1" - | tr '\n' ' ' | sed 's/  */ /g'; }
# context's JSON numbers as the page prints them
expect() {
	$RUN context --db "$S" --format=json "$@" "$L" | tail -2 | head -1 |
		sed 's/[{}"]//g' | tr ',' '\n' | awk -F: '
		{ v[$1] = $2 }
		END { printf "moved %.0f bytes .* %.0f bytes of them other traffic; the job.s bytes are %.2f %% .* CPU: %.2f %% on average, .* metadata servers. CPU: %.2f %%; %.0f metadata operations\n",
			v["fs_bytes"], v["other_bytes"], v["job_share_pct"],
			v["server_cpu_pct"], v["mds_cpu_pct"], v["md_ops"] }'
}

$RUN report --db "$S" -o "$TMP/none.pdf" "$L" 2>"$TMP/err"
ok $? "report --db, no telemetry in the store ($(cat "$TMP/err"))"
page "$TMP/none.pdf" | grep -q 'File-system weather'
ok $((!$?)) "no telemetry: no file-system weather"
# a binary before this feature, given by IOLENS_MAIN (never a path of a
# developer's machine: the suite runs in any clone)
MAIN=${IOLENS_MAIN:-}
if [ -n "$MAIN" ] && [ -x "$MAIN" ] && $MAIN report --db "$S" -o "$TMP/main.pdf" "$L" 2>/dev/null; then
	cmp -s "$TMP/none.pdf" "$TMP/main.pdf"
	ok $? "no telemetry: the PDF main's binary writes, byte for byte"
else
	skip "no main binary to compare with (IOLENS_MAIN)"
fi

$RUN report --db "$S" --fsload "$REC" -o "$TMP/rec.pdf" "$L" 2>"$TMP/err"
ok $? "report --db --fsload ($(cat "$TMP/err"))"
e=$(expect --fsload "$REC")
page "$TMP/rec.pdf" | grep -q "File-system weather: its servers meanwhile .*$e"
ok $? "the page gives context's numbers ($e)"
page "$TMP/rec.pdf" | grep -q "The file system's servers moved [1-9][0-9]* bytes"
ok $? "... which are not zeros"

# stored: the same section without the recording
$RUN ingest --db "$S" --fsload "$REC" >/dev/null
mv "$REC" "$TMP/gen.away"
$RUN report --db "$S" -o "$TMP/st.pdf" "$L" 2>"$TMP/err"
ok $? "report --db, the store's telemetry ($(cat "$TMP/err"))"
page "$TMP/st.pdf" | grep -q "File-system weather: its servers meanwhile .*$(expect)"
ok $? "the page gives context's numbers from the store"
# a run outside the telemetry: no section, as context shows none
sqlite3 "$S" "UPDATE jobs SET start_time = 1617097605, end_time = 1617097630"
$RUN report --db "$S" -o "$TMP/out.pdf" "$L" 2>"$TMP/err"
st=$?
page "$TMP/out.pdf" | grep -q 'File-system weather'
is "$st $?" "0 1" "a run outside the stored telemetry: no section, no error"
if [ -n "$MAIN" ] && [ -x "$MAIN" ] && $MAIN report --db "$S" -o "$TMP/main2.pdf" "$L" 2>/dev/null; then
	cmp -s "$TMP/out.pdf" "$TMP/main2.pdf"
	ok $? "... and the PDF main's binary writes, byte for byte"
else
	skip "no main binary to compare with (IOLENS_MAIN)"
fi

$RUN report --fsload "$TMP/gen.away" -o "$TMP/x.pdf" "$L" 2>"$TMP/err"
is "$? $(head -1 "$TMP/err")" "2 iolens report: --fsload goes with --db" \
	"--fsload without --db is a usage error"
$RUN report --db "$S" --fsload "$TMP/nope.sqlite3" -o "$TMP/x.pdf" "$L" 2>"$TMP/err"
is "$? $(cat "$TMP/err")" \
	"1 iolens report: cannot read '$TMP/nope.sqlite3': No such file or directory" \
	"a recording that cannot be read: exit 1, its name and the reason"
[ ! -e "$TMP/x.pdf" ]
ok $? "... and no PDF"

done_testing
