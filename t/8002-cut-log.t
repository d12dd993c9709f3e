#!/bin/sh
# A Darshan log cut short in its module regions (a full quota, an
# interrupted copy) keeps the modules before the cut: every command reads
# them, says on stderr what the cut lost ("log cut: the HEATMAP region is
# incomplete (174 of 355 bytes); its records are left out") and exits 0;
# summary's JSON names the lost modules (lost_modules), ingest stores the
# job as incomplete.  The figures of the intact modules are those of the
# whole log, and parse prints what darshan-parser 3.5.0 prints of such a
# log (the regions it can read, the banners of the others, no figures of
# theirs).  A log cut in its header, job region or name table has nothing
# intact: exit 1 and a message.
. "$(dirname "$0")/lib.sh"

LOG=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
cp "$LOG" "$TMP/whole.darshan"
W=$TMP/whole.darshan

# the regions lie back to back in id order after the 1328-byte header
# (FORMAT.md 2): each "<name> <offset> <length>" from parse's table
$RUN parse "$W" | awk '
	/^# header: / { at = $3 }
	/^# job data: / { print "job", at, $4; at += $4 }
	/^# record table: / { print "names", at, $4; at += $4 }
	/^# .* module: [0-9]+ bytes/ { print $2, at, $4; at += $4 }' > "$TMP/regions"
region() { set -- $(grep "^$1 " "$TMP/regions"); OFF=$2 LEN=$3; }
region HEATMAP
size=$(wc -c < "$W")
is "$((OFF + LEN))" "$size" "HEATMAP is the last region of the sample log"

# commas <n>: 12345 -> 12,345
commas() { echo "$1" | sed ':a; s/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/; ta'; }

# run <name> <command...>: stdout in $TMP/<name>.out, stderr .err, exit .rc
run() {
	_rn=$1
	shift
	"$@" > "$TMP/$_rn.out" 2> "$TMP/$_rn.err"
	echo $? > "$TMP/$_rn.rc"
}

# each command on log $1; <tag> names the outputs
commands() {
	_l=$1 _t=$2
	rm -f "$TMP/$_t.sqlite"
	run "$_t.summary" $RUN summary "$_l"
	run "$_t.json" $RUN summary --format=json "$_l"
	run "$_t.files" $RUN files "$_l"
	run "$_t.hist" $RUN hist "$_l"
	run "$_t.meta" $RUN meta "$_l"
	run "$_t.timeline" $RUN timeline "$_l"
	run "$_t.triage" $RUN triage "$_l"
	run "$_t.diff" $RUN diff "$W" "$_l"
	run "$_t.base" $RUN parse "$_l"
	run "$_t.all" $RUN parse --all "$_l"
	run "$_t.dxt" $RUN parse --dxt "$_l"
	run "$_t.report" $RUN report -o "$TMP/$_t.pdf" "$_l"
	run "$_t.export" $RUN export -o "$TMP/$_t.xlsx" "$_l"
	run "$_t.ingest" $RUN ingest --db "$TMP/$_t.sqlite" "$_l"
}
CMDS="summary json files hist meta timeline triage diff base all dxt report export ingest"

commands "$W" whole

# the whole log's summary JSON, but for its path and the lost modules
figures() { sed 's/"log":"[^"]*",//; s/,"lost_modules":"[^"]*"//' "$1"; }

# lost <tag> <lost modules> <warning text>: every command exits 0 with
# the warning (ingest's names the modules)
lost() {
	_bad=
	for c in $CMDS; do
		rc=$(cat "$TMP/$1.$c.rc")
		if [ "$rc" != 0 ]; then
			_bad="$_bad $c:exit$rc"
		elif [ "$c" != ingest ] && ! grep -qF "$3" "$TMP/$1.$c.err"; then
			_bad="$_bad $c:no-warning"
		elif [ "$c" = ingest ] && ! grep -qF "log cut: the records of $2 are left out" "$TMP/$1.$c.err"; then
			_bad="$_bad $c:no-warning"
		fi
	done
	is "${_bad:-none}" none "$1: every command exits 0 and says: $3"
	[ -z "$_bad" ] || diag "$(head -c 300 "$TMP/$1.summary.err")"
}

# cut <tag> <bytes>: the first bytes of the whole log
cut_log() { head -c "$2" "$W" > "$TMP/$1.darshan"; commands "$TMP/$1.darshan" "$1"; }

# ---- cut in the last region: at its start, in its middle, one byte short
for at in start mid short; do
	case $at in
	start) n=$OFF ;;
	mid) n=$((OFF + LEN / 2)) ;;
	short) n=$((size - 1)) ;;
	esac
	t=heat-$at
	cut_log $t $n
	lost $t HEATMAP "log cut: the HEATMAP region is incomplete ($(commas $((n - OFF))) of $(commas "$LEN") bytes); its records are left out"
	is "$(grep -o '"lost_modules":"[^"]*"' "$TMP/$t.json.out")" '"lost_modules":"HEATMAP"' \
		"$t: summary's JSON says lost_modules HEATMAP"
	is "$(figures "$TMP/$t.json.out")" "$(figures "$TMP/whole.json.out")" \
		"$t: summary's figures are the whole log's"
	for c in files hist meta timeline triage; do
		is "$(tail -n +2 "$TMP/$t.$c.out")" "$(tail -n +2 "$TMP/whole.$c.out")" \
			"$t: $c prints what it prints of the whole log"
	done
	# darshan-parser: the HEATMAP banner and description, no records
	is "$(cat "$TMP/$t.all.out")" "$(grep -v '^HEATMAP	' "$TMP/whole.all.out")" \
		"$t: parse --all prints the whole log's text without the HEATMAP records"
	is "$(cat "$TMP/$t.dxt.out")" "$(cat "$TMP/whole.dxt.out")" \
		"$t: parse --dxt prints the whole log's text"
	is "$(sqlite3 "$TMP/$t.sqlite" 'SELECT partial, incomplete, lost_modules FROM jobs' 2>&1)" \
		"1|1|HEATMAP" "$t: ingest stores the job as incomplete, HEATMAP lost"
done

# ---- cut in an earlier region: DXT_POSIX lost in its middle, HEATMAP whole
region DXT_POSIX
t=dxt-mid
cut_log $t $((OFF + LEN / 2))
lost $t "DXT_POSIX HEATMAP" "log cut: the DXT_POSIX region is incomplete ($(commas $((LEN / 2))) of $(commas "$LEN") bytes) and the HEATMAP region is missing; their records are left out"
is "$(grep -o '"lost_modules":"[^"]*"' "$TMP/$t.json.out")" '"lost_modules":"DXT_POSIX HEATMAP"' \
	"$t: summary's JSON says lost_modules DXT_POSIX HEATMAP"
for k in posix_bytes_read posix_bytes_written stdio_bytes_written files creates; do
	is "$(grep -o "\"$k\":[^,]*" "$TMP/$t.json.out")" "$(grep -o "\"$k\":[^,]*" "$TMP/whole.json.out")" \
		"$t: summary's $k is the whole log's"
done
is "$(cat "$TMP/$t.all.out")" "$(grep -v '^HEATMAP	' "$TMP/whole.all.out")" \
	"$t: parse --all: the whole log's text without the HEATMAP records"
# darshan-dxt-parser stops at the first record it cannot read
awk '/^# DXT_POSIX module data/ { print; exit } { print }' "$TMP/whole.dxt.out" > "$TMP/dxt-prefix"
head -n "$(wc -l < "$TMP/dxt-prefix")" "$TMP/$t.dxt.out" > "$TMP/dxt-head"
is "$(cat "$TMP/dxt-head")" "$(cat "$TMP/dxt-prefix")" "$t: parse --dxt: the whole log's text up to the DXT_POSIX banner"

# ---- a cut DXT region that darshan-util reads (a 1 MiB chunk of it
# whole): its first record given whole, the next, which claims 7.5 M
# segments (300 MB) of the 201 MB the chunk inflates to, not; what the
# region holds is counted, not buffered: the claim took 4 GB of address
# space for a 2 MiB region, and 210 MB resident here (200 MB of zeros)
region HEATMAP
HLEN=$LEN
region DXT_POSIX
cat > "$TMP/bigdxt.pl" << 'EOF'
use strict;
use Compress::Zlib;
my ($in, $outf, $doff, $dlen, $hlen) = @ARGV;
open(my $fh, '<', $in) or die; binmode $fh; local $/; my $d = <$fh>; close $fh;
my $at = index(substr($d, 0, 1328), pack('Q<Q<', $doff, $dlen));
my $hat = index(substr($d, 0, 1328), pack('Q<Q<', $doff + $dlen, $hlen));
die "no table entries\n" if $at < 0 || $hat < 0;
my $raw = uncompress(substr($d, $doff, $dlen)) // die "inflate\n";
my ($w, $r) = unpack('q<q<', substr($raw, 88, 16));
my $rec1 = substr($raw, 0, 104 + ($w + $r) * 40);
my $rec2 = substr($rec1, 0, 88) . pack('q<q<', 7_500_000, 0);
my ($z) = deflateInit(-Level => 9);
my ($o, $zo) = ('', '');
($o) = $z->deflate($rec1 . $rec2); $zo .= $o;
my $zero = "\0" x (1 << 20);
for (1 .. 200) { ($o) = $z->deflate($zero); $zo .= $o }
srand(1);
($o) = $z->deflate(join('', map { chr(int(rand(256))) } 1 .. (1 << 20))); $zo .= $o;
($o) = $z->flush(); $zo .= $o;
my $len = length($zo) + 4096;
substr($d, $at, 16) = pack('Q<Q<', $doff, $len);
substr($d, $hat, 16) = pack('Q<Q<', $doff + $len, $hlen);
open($fh, '>', $outf) or die; binmode $fh; print $fh substr($d, 0, $doff), $zo; close $fh;
print $w + $r, "\n";
EOF
nseg=$(perl "$TMP/bigdxt.pl" "$W" "$TMP/bigdxt.darshan" "$OFF" "$LEN" "$HLEN")
run bigdxt $RUN parse --dxt "$TMP/bigdxt.darshan"
is "$(cat "$TMP/bigdxt.rc") $(grep -c '^ X_POSIX ' "$TMP/bigdxt.out") $(grep -c 'write_count: 7500000' "$TMP/bigdxt.out")" \
	"0 $nseg 0" "a cut DXT region of 1.2 MB: parse --dxt gives its first record's $nseg segments, not the next's 7.5 M claimed"
if [ -z "${VALGRIND:-}" ] && ! grep -q __asan_init "$IOLENS" && [ -x /usr/bin/time ]; then
	/usr/bin/time -f %M -o "$TMP/bigdxt.rss" $IOLENS parse --dxt "$TMP/bigdxt.darshan" > /dev/null 2>&1
	rss=$(tail -n 1 "$TMP/bigdxt.rss")
	ok $([ "$rss" -lt 65536 ]; echo $?) "... at a peak of $rss KiB (< 64 MiB: the 200 MB of zeros the claim covers are not held)"
else
	skip "ASan or valgrind, or no /usr/bin/time: no peak to measure" 1
fi

# ---- nothing intact: cut in the name table, the job region, the header
region names
for n in $((OFF + LEN / 2)) $((OFF + 1)) ; do
	run cutn $RUN summary "$(head -c "$n" "$W" > "$TMP/n.darshan"; echo "$TMP/n.darshan")"
	is "$(cat "$TMP/cutn.rc") $(grep -c 'cut in its name table' "$TMP/cutn.err")" "1 1" \
		"cut at byte $n, in the name table: exit 1, the message says so"
done
region job
head -c $((OFF + LEN / 2)) "$W" > "$TMP/j.darshan"
for c in summary parse; do
	run cutj $RUN $c "$TMP/j.darshan"
	is "$(cat "$TMP/cutj.rc") $(grep -c 'cut in its job region' "$TMP/cutj.err")" "1 1" \
		"$c, cut in the job region: exit 1, the message says so"
done
head -c 1000 "$W" > "$TMP/h.darshan"
run cuth $RUN files "$TMP/h.darshan"
is "$(cat "$TMP/cuth.rc") $(grep -c 'inside the header' "$TMP/cuth.err")" "1 1" \
	"files, cut in the header: exit 1, the message says so"

done_testing
