#!/usr/bin/perl
# The --help texts of the commands, man/help/<name>.txt, as a C table for
# render/help.c (render/help.h): run by the Makefile, its output is
# generated and not kept in git.
#   usage: man/help.pl out.inc man/help/*.txt
#
# A text is what `iolens <name> --help` prints, as plain text (no C
# escapes): the usage lines, a blank line, the prose, the options.
# "blocks--source.txt" is the help of `iolens blocks --source`,
# "iolens.txt" that of `iolens --help`.  Two kinds of markers:
#   @include _x@   a line of its own: the lines of _x.txt, here at build
#                  time (the options several commands share; a file whose
#                  name starts with _ is such a fragment, not a command)
#   @NAME@         capitals and _: a value only the running binary knows
#                  (a default, a path), put in by the printer (cli/usage.c
#                  cmd_help(), the values render/help-values.c's)
use strict;
use warnings;

my ($out, @files) = @ARGV;
die "usage: $0 out.inc man/help/*.txt\n" unless $out && @files;
my %text;
for my $f (@files) {
	my ($name) = $f =~ m{([^/]+)\.txt$} or die "$f: not a .txt file\n";
	open my $h, '<', $f or die "$f: $!\n";
	local $/;
	$text{$name} = <$h>;
	close $h;
	die "$f: the last line has no newline\n" unless $text{$name} =~ /\n\z/;
}

# the lines of a text with its includes put in (depth: against a loop)
sub expand {
	my ($name, $depth) = @_;
	die "man/help/$name.txt: includes nest too deep\n" if $depth > 8;
	my $t = $text{$name};
	$t =~ s{^\@include (\S+)\@\n}{
		defined $text{$1} or die "man/help/$name.txt: no man/help/$1.txt\n";
		expand($1, $depth + 1)
	}gme;
	die "man/help/$name.txt: '\@include' not alone on its line\n"
	    if $t =~ /\@include /;
	return $t;
}

# a C string literal per line; \ " and ? escaped (no trigraph)
sub c_lines {
	my $t = shift;
	my @l;
	for my $line (split /(?<=\n)/, $t) {
		$line =~ s/([\\"?])/\\$1/g;
		$line =~ s/\n/\\n/;
		push @l, "\t \"$line\"\n";
	}
	return join '', @l;
}

open my $o, '>', "$out.tmp" or die "$out.tmp: $!\n";
print $o "/* made by man/help.pl from man/help/<name>.txt: edit those */\n";
for my $name (sort grep { !/^_/ } keys %text) {
	print $o "{\"$name\",\n", c_lines(expand($name, 0)), "},\n";
}
close $o or die "$out.tmp: $!\n";
rename "$out.tmp", $out or die "$out: $!\n";
