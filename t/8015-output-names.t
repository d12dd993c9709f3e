#!/bin/sh
# Options that say what they do (issue 35, section 2): an -o whose
# extension names a format only another command writes (a workbook, a
# Darshan log, HTML: report) or none is a usage error naming the command
# that does, not plain text under a lying name; replay writes its table to -o
# by the same rule and the same temporary-and-rename writer.
. "$(dirname "$0")/lib.sh"
LOG=$TOP/sample-logs/ior/ior_posix_n1_t4k
cd "$TMP" || exit 1

for o in s.xlsx s.XLS s.ods; do
	$RUN summary -o "$o" "$LOG" >out 2>err
	is "$?:$(head -1 err)" "2:iolens summary: '.${o#s.}': summary does not write workbooks; use iolens export" \
		"summary -o $o: a usage error naming export"
	[ ! -e "$o" ]
	ok $? "summary -o $o: nothing written"
done
for o in s.html s.htm; do
	$RUN summary -o "$o" "$LOG" >out 2>err
	is "$?:$(head -1 err)" "2:iolens summary: '.${o#s.}': summary does not write HTML; use iolens report" \
		"summary -o $o: a usage error naming report"
	[ ! -e "$o" ]
	ok $? "summary -o $o: nothing written"
done
$RUN files -o f.darshan "$LOG" >out 2>err
is "$?:$(head -1 err)" "2:iolens files: '.darshan': files does not write Darshan logs; use iolens convert" \
	"files -o f.darshan: names convert"
$RUN export -o x.html "$LOG" >out 2>err
is "$?:$(head -1 err)" "2:iolens export: '.html': export does not write HTML; use iolens report" \
	"export -o x.html: a usage error naming report"
# a page from a command that draws none: report does
$RUN summary -o s.pdf "$LOG" >out 2>err
is "$?:$(head -1 err)" "2:iolens summary: cannot write pdf to 's.pdf' (formats: text, csv, tsv or json); use iolens report" \
	"summary -o s.pdf: names report"
# the command that writes the format keeps it
$RUN export -o x.xlsx "$LOG" >out 2>err
ok $? "export -o x.xlsx still writes"
[ -s x.xlsx ]
ok $? "export -o x.xlsx: the workbook is there"
# a name that is no format's keeps the default
$RUN summary -o s.out "$LOG" >out 2>err
ok $? "summary -o s.out: text"

# replay -o: the table to a file, its format by the extension
S=$TMP/small.script
cp "$TOP/t/data/replay/small.script" "$S"
mkdir sb
$RUN replay --allow-root --as-fast-as-possible --dir sb -o r.json "$S" >out 2>err
ok $? "replay -o r.json exits 0"
is "$(wc -c < out | tr -d ' ')" 0 "replay -o: nothing on standard output"
perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); exit !defined $j->{replay}{ops}' < r.json
ok $? "replay -o r.json: JSON with the replay's calls"
$RUN replay --allow-root --as-fast-as-possible --dir sb -o r.csv "$S" >out 2>err
ok $? "replay -o r.csv exits 0"
is "$(head -1 r.csv | cut -d, -f1)" "measure" "replay -o r.csv: CSV with its header"
$RUN replay --allow-root --format csv --dir sb -o r.json "$S" >out 2>err
is "$?:$(head -1 err)" "2:iolens replay: --format csv, but the output 'r.json' is named as json: name it to match" \
	"replay --format csv -o r.json: a usage error"
$RUN replay --allow-root --dir sb -o r.xlsx "$S" >out 2>err
is "$?:$(head -1 err)" "2:iolens replay: '.xlsx': replay does not write workbooks; use iolens export" \
	"replay -o r.xlsx: names export"
ls -A sb >sbls
is "$(cat sbls)" "" "no run directory left behind"
done_testing
