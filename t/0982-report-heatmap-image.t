#!/bin/sh
# The PDF report's heatmap and per-rank timeline are each one image of a
# pixel a cell (issue 38: a filled rectangle a cell was a quarter of the
# report's CPU on the e3sm heatmap log), read back from the PDF's
# streams: RGB images that say /Interpolate false (viewers draw their
# cells sharp, as the rectangles were); the heatmap's placed exactly in
# the map's frame, every pixel white (nothing moved) or a shade of the
# map's ramp with the darkest present; the timeline's rows white gap,
# writes over reads, white gap; reproducible; SVG pages keep the
# rectangles (cairo's SVG would let a browser blur the image).
. "$(dirname "$0")/lib.sh"
command -v pdftotext > /dev/null || skip_all "pdftotext (poppler-utils) is not installed"
perl -MCompress::Zlib -e 1 2> /dev/null || skip_all "perl's Compress::Zlib is not installed"
cd "$TOP" || exit 1

# each stream of a PDF cairo wrote, inflated: "== N dict" on one line,
# then its text (an image's bytes in hex on one line)
cat > "$TMP/streams.pl" << 'EOF'
use strict;
use Compress::Zlib;
local $/;
my $d = <>;
my %len;
while ($d =~ /(\d+) 0 obj\s*(\d+)\s*endobj/g) { $len{$1} = $2; }
while ($d =~ /(\d+) 0 obj((?:(?!endobj).)*?)stream\r?\n/sg) {
	my ($n, $h, $p) = ($1, $2, pos($d));
	my $len = $h =~ m{/Length (\d+) 0 R} ? $len{$1} : $h =~ m{/Length (\d+)} ? $1 : next;
	my $raw = substr($d, $p, $len);
	my $u = $h =~ /FlateDecode/ ? uncompress($raw) : $raw;
	next unless defined $u;
	(my $one = $h) =~ s/\s+/ /g;
	print "== $n$one\n";
	print $h =~ m{/Subtype /Image} ? unpack("H*", $u) . "\n" : "$u\n";
}
EOF

# check LOG NAME: the timeline's and the heatmap's images in LOG's report
check() {
	$RUN report -o "$TMP/r.pdf" "$1" > /dev/null 2> "$TMP/err"
	ok $? "$2: report"
	perl "$TMP/streams.pl" "$TMP/r.pdf" > "$TMP/s.txt"
	grep -a '^== .*/Subtype /Image' "$TMP/s.txt" > "$TMP/img"
	is "$(wc -l < "$TMP/img" | tr -d ' ')" 2 "$2: two images in the PDF (the timeline, the heatmap)"
	bad=$(grep -v -c '/ColorSpace /DeviceRGB /Interpolate false /BitsPerComponent 8' "$TMP/img")
	is "$bad" 0 "$2: 8-bit RGB, not smoothed (/Interpolate false)"
	# the heatmap's is the one of a pixel a row, the timeline's of 2 rh a row
	sed -n 's|^== \([0-9]*\) .*/Height \([0-9]*\).*|\2 \1|p' "$TMP/img" | sort -n > "$TMP/img.s"
	heat=$(awk 'NR == 1 { print $2 }' "$TMP/img.s")
	tl=$(awk 'NR == 2 { print $2 }' "$TMP/img.s")
	k=0
	hdr=$(grep "^== $heat " "$TMP/img")
	w=$(echo "$hdr" | sed -n 's|.*/Width \([0-9]*\).*|\1|p')
	h=$(echo "$hdr" | sed -n 's|.*/Height \([0-9]*\).*|\1|p')
	th=$(grep "^== $tl " "$TMP/img" | sed -n 's|.*/Height \([0-9]*\).*|\1|p')
	[ "$heat" -gt "$tl" ] && k=$((th / h)) && [ $((k * h)) = "$th" ] &&
		{ [ $k = 6 ] || [ $k = 10 ] || [ $k = 18 ]; }
	ok $? "$2: the heatmap ($w x $h) after the timeline ($w x $th: $k pixels of half a point a row)"
	# the heatmap's placement (cm before its Do) against the frame drawn
	# round the map after it (the first rectangle stroked, re S): x,
	# width, top and height
	place=$(awk -v x="/x$heat Do" '/ cm$/ { c = $0 } index($0, x) { d = c } d != "" && / re S$/ { print d " | " $0; exit }' "$TMP/s.txt")
	[ -n "$place" ] && echo "$place" | awk -F' [|] ' '{
		split($1, c, " "); k = split($2, f, " ")
		for (i = 1; i <= 4; i++) r[i] = f[k - 6 + i]	# x y w h of "x y w h re S"
		top = c[6] + c[4]	# the image maps y 0..1 to c[6]..c[6]+c[4]
		bad = (c[1] - r[3]) ^ 2 > 1e-4 || (c[5] - r[1]) ^ 2 > 1e-4 ||
			(top - r[2]) ^ 2 > 1e-4 || (-c[4] - r[4]) ^ 2 > 1e-4 || c[2] != 0 || c[3] != 0
		exit bad }'
	ok $? "$2: the heatmap fills the map's frame exactly ($place)"
	# the heatmap's pixels: white, or the ramp (1 - 0.92 t, 1 - 0.78 t,
	# 1 - 0.55 t) for t in [0.15, 1], the darkest (t = 1) present
	n=$(grep -a -A1 "^== $heat " "$TMP/s.txt" | tail -1 | perl -ne '
		chomp; my @p = unpack("(A6)*", $_); my ($off, $dark, $shade) = (0, 0, 0);
		for (@p) {
			my ($r, $g, $b) = map { hex } unpack("(A2)3", $_);
			next if $r == 255 && $g == 255 && $b == 255;
			my $t = (255 - $r) / (0.92 * 255);
			$off++ if $t < 0.15 - 0.01 || $t > 1.005 ||
				abs($g - 255 * (1 - 0.78 * $t)) > 1.5 || abs($b - 255 * (1 - 0.55 * $t)) > 1.5;
			$dark++ if $r == 20 && $g == 56 && $b == 115;
			$shade++;
		}
		print scalar(@p), " $shade $off $dark\n"')
	echo "$n" | { read -r px shade off dark
		[ "$px" = $((w * h)) ] && [ "$shade" -gt 0 ] && [ "$off" = 0 ] && [ "$dark" -gt 0 ]; }
	ok $? "$2: heatmap pixels white or the map's shades, the darkest present (pixels shaded off dark: $n)"
	# the timeline's: a row's first and last pixel rows white (the gaps
	# between rows), the rest white, write (dark) or read (light) blue;
	# and a bin of a row is one colour, or write above read
	n=$(grep -a -A1 "^== $tl " "$TMP/s.txt" | tail -1 | W=$w K=$k perl -ne '
		chomp; my @p = unpack("(A6)*", $_); my ($w, $k) = ($ENV{W}, $ENV{K});
		my %c = ("ffffff" => "-", "1f4f85" => "w", "8cbfe6" => "r");
		my ($bad, $wr, $rd) = (0, 0, 0);
		for (my $i = 0; $i < @p; $i += $w * $k) {
			for my $b (0 .. $w - 1) {
				my $col = join "", map { $c{$p[$i + $_ * $w + $b]} // "?" } 0 .. $k - 1;
				my $in = substr($col, 1, $k - 2);
				$bad++ unless $col =~ /^-.*-$/ && ($in =~ /^(-+|w+|r+|w+r+)$/);
				$bad++ if $in =~ /^w+r+$/ && length($in =~ s/r//gr) != $k / 2 - 1;
				$wr++ if $in =~ /w/; $rd++ if $in =~ /r/;
			}
		}
		print scalar(@p), " $bad $wr $rd\n"')
	echo "$n" | { read -r px bad wr rd
		[ "$px" = $((w * th)) ] && [ "$bad" = 0 ] && [ $((wr + rd)) -gt 0 ]; }
	ok $? "$2: timeline pixels in rows of white gap, write over read, white gap (pixels bad write read: $n)"
}

N1=sample-logs/ior/ior_posix_n1_t4m/root_ior_id12611-12611_11-21-79789-814826986434855799_1.darshan
check "$N1" "IOR N-1"

# reproducible, and its text is the SVG pages' (the rectangles' report)
$RUN report -o "$TMP/r2.pdf" "$N1" > /dev/null 2>&1
cmp -s "$TMP/r.pdf" "$TMP/r2.pdf"
ok $? "the same log's PDF byte for byte again"
mkdir "$TMP/svg"
$RUN report -o "$TMP/svg/r.svg" "$N1" > /dev/null 2>&1
ok $? "SVG pages"
! grep -l '<image' "$TMP"/svg/*.svg > /dev/null
ok $? "the SVG pages draw the map as rectangles (no image)"

if [ -d "$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only" ]; then
	check "$SHARED/corpus/darshan-logs/e3sm_io_heatmap_only/e3sm_io_heatmap_only.darshan" e3sm
else
	skip "no ../shared (the e3sm heatmap log is there)" 7
fi
done_testing
