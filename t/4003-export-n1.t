#!/bin/sh
# export of an N-1 job (issue 35, section 2): the Ranks sheet's first
# row is the shared files' (the job's I/O), and the ranks' rows are not
# all zero where DXT says which rank moved which bytes; the Timeline's
# cells are whole bytes and its bin headers the seconds their cells show,
# not 16 digits of a division.
. "$(dirname "$0")/lib.sh"
command -v unzip > /dev/null || skip_all "unzip is not installed"
N1=$(ls "$SAMPLES"/ior/ior_posix_n1_t4m/*.darshan)
X=$TMP/j.xlsx
$RUN export -o "$X" "$N1"
is $? 0 "export the IOR N-1 log"
sheet "$X" 3 > "$TMP/ranks"
is "$(sed -n 2p "$TMP/ranks" | cut -f1,2,7)" "$(printf 'shared files\t268435456\tcounters (all ranks)')" \
	"Ranks: the shared files' row first, with the 268435456 bytes read"
is "$(awk -F'\t' 'NR > 2 { n++; r += $2; w += $3; print $7 > "/dev/stderr" } END { print n, r, w }' "$TMP/ranks" 2> "$TMP/from")" \
	"4 268435456 268435456" "the 4 ranks' rows hold what DXT says each moved (64 MiB read and written each)"
is "$(sort -u "$TMP/from")" "DXT_POSIX" "... and say so"
# Timeline: whole bytes, headers as shown
sheet "$X" 5 > "$TMP/tl"
is "$(awk -F'\t' 'NR > 2 { for (i = 2; i <= NF; i++) if ($i != int($i)) n++ } END { print n + 0 }' "$TMP/tl")" 0 \
	"Timeline: no fraction of a byte"
sed -n 2p "$TMP/tl" | cut -f2- | tr '\t' '\n' | perl -ne 'chomp; $n++ unless sprintf("%.15g", $_) =~ /^\d+(\.\d{1,4})?$/; END { print $n + 0, "\n" }' > "$TMP/long"
is "$(cat "$TMP/long")" 0 "its bin headers are the seconds they show (4 decimals)"
# several logs: the per-log Timeline row too
$RUN export -o "$TMP/m.xlsx" "$N1" "$SAMPLES"/ior/ior_posix_n1_t4k/*.darshan
sheet "$TMP/m.xlsx" 5 > "$TMP/tls"
is "$(awk -F'\t' 'NR > 2 { for (i = 5; i <= NF; i++) if ($i != int($i)) n++; if (sprintf("%.15g", $4) !~ /^[0-9]+(\.[0-9]?[0-9]?[0-9]?[0-9]?)?$/) n++ } END { print n + 0 }' "$TMP/tls")" 0 \
	"Timeline of several logs: whole bytes, bin widths as shown"
done_testing
