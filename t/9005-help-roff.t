#!/bin/sh
# What people read besides the output: every man page formats without a
# single troff warning (groff -ww, and man -l as a user runs it), names no
# file that is not in the tree, and every --help lines its option
# descriptions up in one column.
. "$(dirname "$0")/lib.sh"

# troff: groff with every warning on, and man -l at 80 columns
if command -v groff > /dev/null 2>&1; then
	for page in "$TOP"/man/*.1; do
		out=$(groff -ww -z -man "$page" 2>&1)
		is "$out" "" "man/${page##*/}: groff -ww is silent"
	done
else
	_n=$((_n + 1)); echo "ok $_n # skip groff is not installed"
fi
if command -v man > /dev/null 2>&1; then
	for page in "$TOP"/man/*.1; do
		out=$(MANWIDTH=80 man -l "$page" 2>&1 > /dev/null)
		is "$out" "" "man/${page##*/}: man -l gives no warning"
	done
else
	_n=$((_n + 1)); echo "ok $_n # skip man is not installed"
fi

# files the pages point to are in the tree (METRICS.md was not)
for page in "$TOP"/man/*.1; do
	bad=""
	for f in $(grep -o '[A-Za-z0-9_./-]*\.md' "$page" | sort -u); do
		[ -e "$TOP/$f" ] || bad="$bad $f"
	done
	is "$bad" "" "man/${page##*/}: every .md file named is in the tree"
done
test -s "$TOP/docs/metrics.md"
ok $? "docs/metrics.md holds the definitions"

# README says how to run what was built
grep -q 'bin/iolens' "$TOP/README.md" && grep -q 'make install PREFIX=' "$TOP/README.md"
ok $? "README: bin/iolens and make install PREFIX="

# --help: the option descriptions of each command start in one column,
# the indent of most continuation lines; an option too long for it stands
# alone on its line with its description below
aligned() {
	perl -e '
	my (@t, $u, $o, %ind);
	while (<STDIN>) {
		chomp;
		if (/^usage:/) { $u = 1; next }
		if ($u) { $u = 0 if /^$/; next }
		# the option lines and the lines that go on from them
		if (/^ +-/) { $o = 1 } elsif (!/^ {6,}\S/) { $o = 0 }
		next unless $o;
		push @t, $_;
		$ind{length $1}++ if /^( {6,})[^ -]/;
	}
	my ($c) = sort { $ind{$b} <=> $ind{$a} || $a <=> $b } keys %ind;
	exit 0 unless defined $c;
	for (@t) {
		if (/^ +-/) {
			next if /^ +-\S*( \S+)?$/;	# alone on its line
			print "$_\n" unless substr($_, $c - 1, 2) =~ /^ \S/;
		} elsif (/^( +)\S/) {
			print "$_\n" unless length($1) == $c;
		}
	}'
}
"$IOLENS" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && /^  [^ ]/ { print $1 }' > "$TMP/cmds"
for c in $(cat "$TMP/cmds"); do
	"$IOLENS" "$c" --help > "$TMP/h" 2>&1
	is "$(aligned < "$TMP/h")" "" "iolens $c --help: options aligned"
done
"$IOLENS" --help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF' > "$TMP/list"
is "$(perl -ne 'print length($1), "\n" if /^(  \S+ +|   +)\S/' "$TMP/list" | sort -u | wc -l)" 1 \
	"iolens --help: command descriptions aligned"
is "$(awk 'length > 80' "$TMP/list")" "" "in 80 columns"
done_testing
