#!/usr/bin/perl
# Shell completion for iolens, made from the binary's own option tables:
# `iolens help --complete` (cli/complete.c) lists every command and each
# option it takes, whether the option takes a value and what completes
# the value (its words, a file, or nothing for a number).  A command's
# description is the .Nd line of its man page.  Writes bash's to the
# first file and zsh's to the second.
#   usage: etc/completions.pl bin/iolens man out.bash out.zsh
#   (iolens "-": the list is read from stdin)
use strict;
use warnings;

my ($iolens, $man, $bashf, $zshf) = @ARGV;
die "usage: $0 iolens man out.bash out.zsh\n" unless $zshf;

my $in;
if ($iolens eq '-') {
	$in = \*STDIN;
} else {
	open $in, '-|', $iolens, 'help', '--complete' or die "$iolens: $!\n";
}
my (@cmds, %opts, %seen); # cmd => [ [option, "-" "=" "?", what, words] ]
while (<$in>) {
	chomp;
	my ($c, $o, $arg, $what, $words) = split /\t/;
	if (!defined $o) {
		push @cmds, $c;
		next;
	}
	# a mode's table (triage --db) repeats the shared options
	next if $seen{"$c $o"}++;
	push @{$opts{$c}}, [$o, $arg, $what, $words // ''];
}
$iolens eq '-' or close $in or die "$iolens help --complete failed\n";
die "$iolens help --complete: no commands\n" unless @cmds;

my %desc;
for my $c (@cmds) {
	my $f = "$man/iolens-$c.1";
	open my $m, '<', $f or die "$f: $!\n";
	while (<$m>) {
		$desc{$c} = $1, last if /^\.Nd (.*)/;
	}
	close $m;
	die "$f: no .Nd line\n" unless defined $desc{$c};
}

sub zq { my $s = shift; $s =~ s/[\[\]:'\\]//g; $s }

open my $b, '>', "$bashf.tmp" or die "$bashf.tmp: $!";
print $b "# bash completion for iolens; made by etc/completions.pl from ",
    "iolens help --complete\n";
print $b "_iolens()\n{\n\tlocal cur prev cmd opts\n";
print $b "\tcur=\${COMP_WORDS[COMP_CWORD]}\n\tprev=\${COMP_WORDS[COMP_CWORD-1]}\n";
# --format=cs is split at the = into three words
print $b "\tif [ \"\$cur\" = = ]; then\n\t\tcur=\n\telif [ \"\$prev\" = = ]; then\n",
    "\t\tprev=\${COMP_WORDS[COMP_CWORD-2]}\n\tfi\n";
print $b "\tif [ \"\$COMP_CWORD\" -eq 1 ]; then\n";
print $b "\t\tCOMPREPLY=(\$(compgen -W \"@cmds help\" -- \"\$cur\"))\n\t\treturn\n\tfi\n";
print $b "\tcmd=\${COMP_WORDS[1]}\n";
print $b "\tif [ \"\$cmd\" = help ]; then\n\t\tCOMPREPLY=(\$(compgen -W \"@cmds\" -- \"\$cur\"))\n\t\treturn\n\tfi\n";
print $b "\tcase \$cmd:\$prev in\n";
for my $c (@cmds) {
	for my $o (@{$opts{$c} || []}) {
		my ($name, $arg, $what, $words) = @$o;
		next unless $arg eq '=';
		my $w = $what eq 'words' ? "-W \"$words\"" : $what eq 'file' ? "-f" : "";
		if ($w) {
			print $b "\t$c:$name) COMPREPLY=(\$(compgen $w -- \"\$cur\")); return ;;\n";
		} else {
			print $b "\t$c:$name) COMPREPLY=(); return ;;\n";
		}
	}
}
print $b "\tesac\n\tcase \$cmd in\n";
for my $c (@cmds) {
	my @n = map { $_->[0] } @{$opts{$c} || []};
	print $b "\t$c) opts=\"@n\" ;;\n";
}
print $b "\t*) opts= ;;\n\tesac\n";
print $b "\tif [[ \$cur == -* ]]; then\n\t\tCOMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))\n";
print $b "\telse\n\t\tCOMPREPLY=(\$(compgen -f -- \"\$cur\"))\n\tfi\n}\n";
print $b "complete -o filenames -F _iolens iolens\n";
close $b or die;
rename "$bashf.tmp", $bashf or die;

# zsh's _arguments: --name= takes "--name=v" and "--name v", --name=-
# only the first (a value that may be left out, "::")
sub zspec {
	my ($name, $arg, $what, $words) = @_;
	my $act = $what eq 'words' ? "($words)" : $what eq 'file' ? '_files' : ' ';
	my $msg = zq($name =~ s/^-+//r);
	return "'$name'" if $arg eq '-';
	return "'$name+:$msg:$act'" if $name !~ /^--/ && $arg eq '=';
	return "'$name=-::$msg:$act'" if $arg eq '?';
	return "'$name=:$msg:$act'";
}

open my $z, '>', "$zshf.tmp" or die "$zshf.tmp: $!";
print $z "#compdef iolens\n# zsh completion for iolens; made by etc/completions.pl ",
    "from iolens help --complete\n";
print $z "_iolens() {\n\tlocal -a cmds\n\tcmds=(\n";
printf $z "\t\t'%s:%s'\n", $_, zq($desc{$_}) for @cmds;
print $z "\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe 'iolens command' cmds\n\t\treturn\n\tfi\n";
print $z "\tcase \$words[2] in\n\thelp) _describe 'iolens command' cmds ;;\n";
for my $c (@cmds) {
	print $z "\t$c) _arguments -s";
	print $z " \\\n\t\t", zspec(@$_) for @{$opts{$c} || []};
	print $z " \\\n\t\t'*:file:_files' ;;\n";
}
print $z "\tesac\n}\n_iolens \"\$\@\"\n";
close $z or die;
rename "$zshf.tmp", $zshf or die;
