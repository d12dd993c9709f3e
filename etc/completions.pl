#!/usr/bin/perl
# Shell completion for iolens, made from the binary's own help: the
# commands from `iolens --help`, each command's options (and whether
# they take a value) from `iolens CMD --help`.  Writes bash's to the
# first file and zsh's to the second.
#   usage: etc/completions.pl bin/iolens out.bash out.zsh
use strict;
use warnings;

my ($iolens, $bashf, $zshf) = @ARGV;
die "usage: $0 iolens out.bash out.zsh\n" unless $zshf;
my %fmtwords = map { $_ => 1 } qw(text csv tsv json pdf svg png html folded xlsx);

sub help { my @l = `$iolens @_ --help`; die "$iolens @_ --help failed\n" if $?; @l }

my (@cmds, %desc);
my $in = 0;
for (help()) {
	$in = 1, next if /^commands:/;
	last if $in && /^$/;
	next unless $in && /^  (\S+)(?:\s+(.*))?$/;
	push @cmds, $1;
	$desc{$1} = $2 // '';
}
# a long name has its description on the next line
for (help()) {
	if (/^  (\S+)\s*$/) { our $pending = $1; next }
	if (/^\s{3,}(\S.*)$/ && our $pending) { $desc{$pending} = $1; $pending = undef }
}

my %opts; # cmd => [ [name, argname, help, [values]] ]
for my $c (@cmds) {
	my $usage = 1;
	for (help($c)) {
		$usage = 0, next if $usage && /^$/;
		next if $usage;
		next unless /^\s+(-\S.*?)(?:\s{2,}|\t)(.*)$/ || /^\s+(-\S.*?)\s*$/;
		my ($spec, $h) = ($1, $2 // '');
		# "-o, --output file": the value is every form's
		my ($all) = (split /,\s*/, $spec)[-1] =~ /^-[-\w]+[ =](\S+)/;
		for my $o (split /,\s*/, $spec) {
			my ($name, $arg) = $o =~ /^(-[-\w]+)(?:[ =](\S+))?/ or next;
			$arg //= $all;
			my @vals = grep { $fmtwords{$_} } $h =~ /(\w+)/g;
			@vals = () unless $name eq '--format';
			push @{$opts{$c}}, [$name, $arg, $h, \@vals];
		}
	}
}

# a value that names a file (else nothing is offered for it)
sub fileish { $_[0] =~ /file|dir|path|log|trace|script|db|store|out|prefix|prog|recording|cache/i }

sub zq { my $s = shift; $s =~ s/[\[\]:'\\]//g; $s }

open my $b, '>', "$bashf.tmp" or die "$bashf.tmp: $!";
print $b "# bash completion for iolens; made by etc/completions.pl from iolens --help\n";
print $b "_iolens()\n{\n\tlocal cur prev cmd opts\n";
print $b "\tcur=\${COMP_WORDS[COMP_CWORD]}\n\tprev=\${COMP_WORDS[COMP_CWORD-1]}\n";
print $b "\tif [ \"\$COMP_CWORD\" -eq 1 ]; then\n";
print $b "\t\tCOMPREPLY=(\$(compgen -W \"@cmds help\" -- \"\$cur\"))\n\t\treturn\n\tfi\n";
print $b "\tcmd=\${COMP_WORDS[1]}\n";
print $b "\tif [ \"\$cmd\" = help ]; then\n\t\tCOMPREPLY=(\$(compgen -W \"@cmds\" -- \"\$cur\"))\n\t\treturn\n\tfi\n";
print $b "\tcase \$cmd:\$prev in\n";
for my $c (@cmds) {
	for my $o (@{$opts{$c} || []}) {
		next unless $o->[1];
		my $w = @{$o->[3]} ? "-W \"@{$o->[3]}\"" : fileish($o->[1]) ? "-f" : "";
		if ($w) {
			print $b "\t$c:$o->[0]) COMPREPLY=(\$(compgen $w -- \"\$cur\")); return ;;\n";
		} else {
			print $b "\t$c:$o->[0]) COMPREPLY=(); return ;;\n";
		}
	}
}
print $b "\tesac\n\tcase \$cmd in\n";
for my $c (@cmds) {
	my %seen;
	my @n = grep { !$seen{$_}++ } map { $_->[0] } @{$opts{$c} || []};
	print $b "\t$c) opts=\"@n\" ;;\n";
}
print $b "\t*) opts= ;;\n\tesac\n";
print $b "\tif [[ \$cur == -* ]]; then\n\t\tCOMPREPLY=(\$(compgen -W \"\$opts\" -- \"\$cur\"))\n";
print $b "\telse\n\t\tCOMPREPLY=(\$(compgen -f -- \"\$cur\"))\n\tfi\n}\n";
print $b "complete -o filenames -F _iolens iolens\n";
close $b or die;
rename "$bashf.tmp", $bashf or die;

open my $z, '>', "$zshf.tmp" or die "$zshf.tmp: $!";
print $z "#compdef iolens\n# zsh completion for iolens; made by etc/completions.pl from iolens --help\n";
print $z "_iolens() {\n\tlocal -a cmds\n\tcmds=(\n";
printf $z "\t\t'%s:%s'\n", $_, zq($desc{$_}) for @cmds;
print $z "\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe 'iolens command' cmds\n\t\treturn\n\tfi\n";
print $z "\tcase \$words[2] in\n\thelp) _describe 'iolens command' cmds ;;\n";
for my $c (@cmds) {
	print $z "\t$c) _arguments -s";
	my %seen;
	for my $o (@{$opts{$c} || []}) {
		next if $seen{$o->[0]}++;
		my $d = zq($o->[2]);
		if (!$o->[1]) {
			print $z " \\\n\t\t'$o->[0]\[$d\]'";
		} elsif (@{$o->[3]}) {
			print $z " \\\n\t\t'$o->[0]\[$d\]:$o->[1]:(@{$o->[3]})'";
		} else {
			print $z " \\\n\t\t'$o->[0]\[$d\]:" . zq($o->[1]) . ":" .
			    (fileish($o->[1]) ? "_files" : " ") . "'";
		}
	}
	print $z " \\\n\t\t'*:file:_files' ;;\n";
}
print $z "\tesac\n}\n_iolens \"\$\@\"\n";
close $z or die;
rename "$zshf.tmp", $zshf or die;
