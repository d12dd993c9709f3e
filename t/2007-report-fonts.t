#!/bin/sh
# iolens report's PDF: fontconfig given the DejaVu directory alone (no
# system configuration read) draws the same bytes as the system's
# configuration; a text with a character DejaVu Sans lacks is drawn
# again with the system's fallback fonts, the same bytes as before too;
# a user's FONTCONFIG_FILE is kept.
. "$(dirname "$0")/lib.sh"
SYSCONF=/etc/fonts/fonts.conf
[ -r "$SYSCONF" ] || skip_all "no $SYSCONF to compare with"
command -v pdffonts > /dev/null || skip_all "pdffonts (poppler-utils) is not installed"
cd "$TOP" || exit 1
N1=sample-logs/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1.darshan

# (fontconfig prints its debugging on standard output)
FC_DEBUG=1024 $RUN report -o "$TMP/own.pdf" "$N1" > "$TMP/err" 2>&1
is $? 0 "report of the IOR N-1 log"
grep -c 'config file' "$TMP/err" > "$TMP/n"
is "$(cat "$TMP/n")" 0 "no fontconfig configuration file read"
FONTCONFIG_FILE=$SYSCONF FC_DEBUG=1024 $RUN report -o "$TMP/sys.pdf" "$N1" > "$TMP/err" 2>&1
grep -q 'config file' "$TMP/err"
ok $? "FONTCONFIG_FILE set: the configuration it names is read"
cmp -s "$TMP/own.pdf" "$TMP/sys.pdf"
ok $? "DejaVu alone and the system's configuration: the same PDF"

# a character DejaVu Sans lacks, which another installed font has: the
# PDF falls back to that font, as with the system's configuration
fallback=
for c in f015 e000 1f600 4e2d; do
	if fc-list ":charset=$c" file 2> /dev/null | grep -qv DejaVu; then
		fallback=$c
		break
	fi
done
trace() {	# trace <file name>: a trace writing 2 MiB to it
	printf '100 10:00:00.000100 execve("/usr/bin/w", ["w"], 0x7ffd /* 6 vars */) = 0 <0.000100>\n'
	printf '100 10:00:00.001000 openat(AT_FDCWD, "%s", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3 <0.000020>\n' "$1"
	printf '100 10:00:00.002000 write(3, "abc"..., 1048576) = 1048576 <0.010000>\n'
	printf '100 10:00:00.013000 write(3, "abc"..., 1048576) = 1048576 <0.010000>\n'
	printf '100 10:00:00.024000 close(3) = 0 <0.000010>\n'
	printf '100 10:00:00.025000 +++ exited with 0 +++\n'
}
mkdir "$TMP/logs" "$TMP/own" "$TMP/sys"
trace "/data/plain-out.dat" > "$TMP/logs/b-plain.txt"
if [ -n "$fallback" ]; then
	utf8=$(printf '%s' "$fallback" | perl -CO -ne 'print chr(hex($_))')
	trace "/data/home-$utf8-out.dat" > "$TMP/logs/a-other.txt"
	$RUN report -o "$TMP/own-f.pdf" "$TMP/logs/a-other.txt"
	is $? 0 "report of a trace whose file name has U+$fallback"
	FONTCONFIG_FILE=$SYSCONF $RUN report -o "$TMP/sys-f.pdf" "$TMP/logs/a-other.txt"
	cmp -s "$TMP/own-f.pdf" "$TMP/sys-f.pdf"
	ok $? "the same PDF as with the system's configuration"
	pdffonts "$TMP/own-f.pdf" | awk 'NR > 2 && $1 !~ /DejaVu/ { n++ } END { exit !n }'
	ok $? "drawn with a fallback font beside DejaVu"
	# a report each: the fallback first, then a log DejaVu draws
	# whole, in the same process
	$RUN report -o "$TMP/own" "$TMP/logs/a-other.txt" "$N1"
	is $? 0 "two reports into a directory"
	FONTCONFIG_FILE=$SYSCONF $RUN report -o "$TMP/sys" "$TMP/logs/a-other.txt" "$N1"
	ls "$TMP/sys" | wc -l | tr -d ' ' > "$TMP/n"
	is "$(cat "$TMP/n")" 2 "two PDFs"
	for f in "$TMP"/sys/*.pdf; do
		cmp -s "$f" "$TMP/own/$(basename "$f")"
		ok $? "$(basename "$f"): the same as the system's configuration draws"
	done
else
	skip "no installed font has a character DejaVu Sans lacks" 7
fi
$RUN report -o "$TMP/own-p.pdf" "$TMP/logs/b-plain.txt"
FONTCONFIG_FILE=$SYSCONF $RUN report -o "$TMP/sys-p.pdf" "$TMP/logs/b-plain.txt"
cmp -s "$TMP/own-p.pdf" "$TMP/sys-p.pdf"
ok $? "a trace whose names DejaVu draws: the same PDF"
done_testing
