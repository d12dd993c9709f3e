# Round 37: line-by-line filter: copy the lines of IN that start with " 00" (1 in 256 of od's hex lines) to OUT,
# with the output handle autoflushed ("flush": one write(2) a line) or buffered by perl ("buf").
use strict; use warnings; use IO::Handle;
my ($in, $out, $mode) = @ARGV;
open(my $i, "<", $in) or die "$in: $!\n";
open(my $o, ">", $out) or die "$out: $!\n";
$o->autoflush(1) if $mode eq "flush";
my $n = 0;
while (<$i>) { if (/^ 00/) { print $o $_; $n++; } }
close($o) or die "$out: $!\n";
print "$n\n";
