#!/bin/sh
# iolens export with several logs: the Jobs sheet has every column of
# `summary --format=csv`, in its order, each cell typed as the CSV value
# is (numbers as numbers, text as text, the start as an Excel date); the
# sheet has native charts whose categories are typed as text; the
# Timeline's bin headers are numbers under a one-cell caption; the bytes
# do not change from run to run.
. "$(dirname "$0")/lib.sh"
command -v unzip > /dev/null || skip_all "unzip is not installed"
command -v perl > /dev/null || skip_all "perl is not installed"
L1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
L2=$(ls "$SAMPLES"/nonmpi/darshan/dd_bigfile/*.darshan)
L3=$(ls "$SAMPLES"/ior/ior_hdf5_n1_t1m/*.darshan)
X=$TMP/m.xlsx

$RUN export -o "$X" "$L1" "$L2" "$L3"
is $? 0 "export of three logs"
$RUN summary --format=csv "$L1" "$L2" "$L3" > "$TMP/s.csv"
unzip -p "$X" xl/worksheets/sheet1.xml > "$TMP/jobs.xml"

# the sheet's cells against the CSV: one line per cell "row col kind value"
# kind: n number, s text, - none
perl -e '
	use strict; use warnings;
	sub col { my $n = 0; $n = $n * 26 + ord($_) - 64 for split //, $_[0]; $n }
	local $/; my $x = <STDIN>;
	while ($x =~ m{<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>(.*?)</c>)}g) {
		my ($c, $r, $a, $b) = ($1, $2, $3, $4 // "");
		my ($k, $v) = $a =~ /t="inlineStr"/ ? ("s", $b =~ m{<t[^>]*>(.*?)</t>} ? $1 : "")
		    : ("n", $b =~ m{<v>(.*?)</v>} ? $1 : "");
		print "$r ", col($c), " $k $v\n";
	}' < "$TMP/jobs.xml" > "$TMP/cells"
perl -e '
	use strict; use warnings;
	# RFC 4180 fields, enough for summary CSV
	sub fields { my $l = shift; my @f;
		while (length $l) { if ($l =~ s/^"((?:[^"]|"")*)"(,|$)//) { (my $v = $1) =~ s/""/"/g; push @f, $v }
			elsif ($l =~ s/^([^,]*)(,|$)//) { push @f, $1 } else { last } }
		push @f, "" if $_[0] =~ /,$/; @f }
	open my $fh, "<", $ARGV[0] or die; my $r = 0;
	while (my $l = <$fh>) { chomp $l; $r++; my @f = fields($l); my $c = 0;
		for my $v (@f) { $c++; print "$r $c ", ($r == 1 ? "s" : $v eq "" ? "-" : $v =~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ ? "n" : "s"), " $v\n" } }
	' "$TMP/s.csv" > "$TMP/want"

ncsv=$(head -n 1 "$TMP/s.csv" | tr ',' '\n' | wc -l)
nxl=$(awk '$1 == 1' "$TMP/cells" | wc -l)
is "$nxl" "$ncsv" "the Jobs sheet has summary's $ncsv columns"
is "$(awk '$1 == 1 { print $4 }' "$TMP/cells" | tr '\n' ,)" \
	"$(head -n 1 "$TMP/s.csv"),"	"with summary's names, in its order"
# every data cell typed as the CSV value: absent when empty
perl -e '
	use strict; use warnings;
	my (%got, %want); my ($bad, $n) = (0, 0);
	open my $g, "<", $ARGV[0] or die; while (<$g>) { chomp; my ($r, $c, $k, $v) = split / /, $_, 4; $got{"$r $c"} = [$k, $v // ""] }
	open my $w, "<", $ARGV[1] or die; while (<$w>) { chomp; my ($r, $c, $k, $v) = split / /, $_, 4; $want{"$r $c"} = [$k, $v // ""] }
	my %col; for (keys %want) { my ($r, $c) = split; $col{$c} = $want{$_}[1] if $r == 1 }
	for my $key (sort keys %want) {
		my ($r, $c) = split / /, $key; next if $r == 1; $n++;
		my ($wk, $wv) = @{$want{$key}}; my ($gk, $gv) = @{$got{$key} // ["-", ""]};
		if ($wk ne $gk) { print "# row $r $col{$c}: want $wk got $gk\n"; $bad++; next }
		next unless $wk eq "n";
		# times are Excel dates: days since 1899-12-30
		$gv = ($gv - 25569) * 86400 if $col{$c} =~ /_time$/ && $col{$c} =~ /^(start|end)/;
		my $tol = $col{$c} =~ /^(start|end)_time$/ ? 1e-3 : 1e-9 * (abs($wv) + 1);
		if (abs($gv - $wv) > $tol) { print "# row $r $col{$c}: want $wv got $gv\n"; $bad++ }
	}
	print "checked $n bad $bad\n";
	' "$TMP/cells" "$TMP/want" > "$TMP/cmp"
grep '^#' "$TMP/cmp" | head -n 10
tail -n 1 "$TMP/cmp" | grep -q ' bad 0$'
ok $? "every cell has the CSV's type and value ($(tail -n 1 "$TMP/cmp"))"
grep -q '<c r="I2" s="[0-9]*"><v>' "$TMP/jobs.xml"
ok $? "start_time is a number (an Excel date)"
unzip -p "$X" xl/styles.xml | grep -q 'formatCode="yyyy-mm-dd hh:mm:ss"'
ok $? "shown as a date"

# charts: present, on the Jobs sheet, categories typed as text
n=$(unzip -l "$X" | grep -c 'xl/charts/chart[0-9]*.xml')
[ "$n" -ge 2 ]
ok $? "the Jobs sheet has native charts ($n)"
unzip -p "$X" xl/worksheets/_rels/sheet1.xml.rels 2> /dev/null | grep -q drawing
ok $? "drawn on the Jobs sheet"
for w in "$X" one; do
	[ "$w" = one ] && { $RUN export -o "$TMP/one.xlsx" "$L1"; w=$TMP/one.xlsx; }
	cats=$(for c in $(unzip -l "$w" | grep -o 'xl/charts/chart[0-9]*.xml'); do unzip -p "$w" "$c"; done |
		grep -o '<c:cat><c:[a-z]*Ref>' | sort | uniq -c | sed 's/^ *//')
	case $cats in
	*numRef*) bad=1 ;;
	*strRef*) bad=0 ;;
	*) bad=1 ;;
	esac
	ok $bad "chart categories are text (strRef): $(basename "$w"): $(echo $cats)"
done

# the Timeline of one log: a one-cell caption, bin starts as numbers
unzip -p "$TMP/one.xlsx" xl/worksheets/sheet5.xml > "$TMP/tl.xml"
is "$(grep -o '<row r="1"[^>]*>.*</row>' "$TMP/tl.xml" | sed 's,</row>.*,,' | grep -o '<c r=' | wc -l)" 1 \
	"Timeline caption is one cell"
grep -o '<row r="1"[^>]*>.*</row>' "$TMP/tl.xml" | sed 's,</row>.*,,' | grep -q '<t>bytes per rank and time bin, from DXT_POSIX</t>'
ok $? "naming the source"
hdr=$(grep -o '<row r="2"[^>]*>.*</row>' "$TMP/tl.xml" | sed 's,</row>.*,,')
nstr=$(echo "$hdr" | grep -Eo '<c r="([B-Z]|[A-Z][A-Z])2"[^>]*t="inlineStr"' | wc -l)
nnum=$(echo "$hdr" | grep -Eo '<c r="([B-Z]|[A-Z][A-Z])2" s="[0-9]*"><v>' | wc -l)
is "$nstr $nnum" "0 50" "its 50 bin headers are numbers"
echo "$hdr" | grep -q '<c r="B2" s="[0-9]*"><v>0</v>'
ok $? "the first bin starts at 0 s"

# the same logs give the same bytes
$RUN export -o "$TMP/m2.xlsx" "$L1" "$L2" "$L3"
cmp -s "$X" "$TMP/m2.xlsx"
ok $? "the same logs give the same bytes"
done_testing
