#!/bin/sh
# replay-script leaves the MPI runtime's own files out, as it does the
# dynamic loader's (issue 35, section 2): Open MPI's and PRRTE's session
# directories (ompi.HOST.UID, prte.HOST.UID, wherever TMPDIR was), PMIx's
# files and shared-memory segments are no inputs of the job; the job's
# files stay, and its directory is the common one of its own files.
. "$(dirname "$0")/lib.sh"
cd "$TMP" || exit 1

$RUN replay-script -o j.script "$TOP/t/data/strace/mpiruntime.trace" >out 2>err
ok $? "replay-script of a trace touching the MPI runtime's files"
is "$(grep '^input ' j.script | tr '\n' ';')" 'input "in.dat" 100;' \
	"the one input is the job's (in the job's directory, /scratch/job)"
is "$(grep -c '^system "/\(tmp/ompi\|tmp/pmix\|scratch/tmp/prte\|dev/shm/vader\)' j.script)" 4 \
	"the 4 runtime files are named as left out, as system paths are"
grep -q 'ompi\.\|pmix\|prte\.' out
is "$?" 1 "none is staged or rewritten"

D=$SAMPLES/ior/strace_ior_posix_n1_t4m
if [ -r "$D/trace.rank0.txt.xz" ]; then
	$RUN replay-script -o ior.script "$D"/trace.rank?.txt.xz >out 2>err
	ok $? "replay-script of IOR's 4 ranks under Open MPI"
	is "$(grep -c '^input .*\(ompi\.\|pmix\)' ior.script)" 0 \
		"no /tmp/ompi.*/pmix_* segment staged as an input"
	is "$(grep '^rewrite "/tmp/gen/data/strace_ior_posix_n1_t4m/testfile"' ior.script)" \
		'rewrite "/tmp/gen/data/strace_ior_posix_n1_t4m/testfile" "testfile"' \
		"IOR's test file is the job's, in its directory"
else
	skip "no per-rank IOR strace sample" 3
fi
done_testing
