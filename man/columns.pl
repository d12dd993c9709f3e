#!/usr/bin/perl
# The COLUMNS section of each command's man page is made from its views:
# `iolens help --columns CMD --mdoc`.  With --check, print the pages whose
# section differs and exit 1; else rewrite them in place.  The section
# runs from its marker comment to the next .Sh; a page without one gets
# it before EXIT STATUS.
use strict;
use warnings;

my $check = @ARGV && $ARGV[0] eq '--check' ? shift : 0;
my $iolens = shift // 'bin/iolens';
my $bad = 0;
for my $page (sort glob 'man/iolens-*.1') {
	my ($cmd) = $page =~ m{iolens-(.+)\.1$};
	my $gen = `$iolens help --columns $cmd --mdoc 2>/dev/null`;
	next if $? != 0;
	open my $fh, '<', $page or die "$page: $!";
	my $text = do { local $/; <$fh> };
	close $fh;
	my $new = $text;
	if ($new =~ /^\.\\" Made by 'iolens help --columns/m) {
		$new =~ s/^\.\\" Made by 'iolens help --columns.*?(?=^\.Sh (?!COLUMNS))/$gen/ms;
	} else {
		$new =~ s/^(?=\.Sh EXIT STATUS)/$gen/m or die "$page: no EXIT STATUS";
	}
	next if $new eq $text;
	if ($check) {
		print "$page: COLUMNS differs from 'iolens help --columns $cmd --mdoc'\n";
		$bad = 1;
		next;
	}
	open $fh, '>', "$page.tmp" or die "$page.tmp: $!";
	print $fh $new;
	close $fh or die "$page.tmp: $!";
	rename "$page.tmp", $page or die "$page: $!";
	print "$page: COLUMNS made\n";
}
exit $bad;
