#!/bin/sh
# blocks --calibrate's MPI-IO program is run defensively: an mpirun that
# never ends, or an mpicc that closes its stdout and runs on, is killed
# after IOL_IOCOST_MPI_S seconds ($IOLENS_TEST_MPICAL_S here) with its
# process group, and the calibration saves the POSIX costs with a
# one-line warning (it waited for ever); of what mpirun prints, only the
# program's mpiio_* lines are costs, positive and finite (a line "open 7"
# set POSIX's open cost, "dir /elsewhere" the directory, "mpiio_open inf"
# was saved); the directory is left empty whatever the program left
# there (a core file stayed, and with it the directory).  Fake mpicc and
# mpirun on PATH stand for an MPI that misbehaves.
. "$(dirname "$0")/lib.sh"
command -v timeout > /dev/null || skip_all "no timeout(1)"
cd "$TMP" || exit 1
mkdir fake cal
cat > fake/mpicc <<'EOS'
#!/bin/sh
# ccgone: its stdout closed, it runs on
[ "$MODE" = ccgone ] && { exec > /dev/null; exec sleep 100000; }
printf '#!/bin/sh\nexit 0\n' > mpical && chmod +x mpical
EOS
# $MODE: hang, noise (other cost lines and a core file), inf
cat > fake/mpirun <<'EOS'
#!/bin/sh
case $MODE in
hang) exec sleep 100000 ;;
noise) : > core
	printf 'open 7\nfsync 9\ndir /elsewhere\nmpiio_open 0.002\nmpiio_close 0.001\n'
	printf 'mpiio_read 0.0001\nmpiio_write 0.0002\n' ;;
inf) printf 'mpiio_open inf\nmpiio_close 0.001\nmpiio_read 0.0001\nmpiio_write 0.0002\n' ;;
esac
EOS
chmod +x fake/mpicc fake/mpirun
PATH=$TMP/fake:$PATH
export PATH
M=$XDG_CONFIG_HOME/iolens/iocost
# the bound of 2 s a program here, whichever of mpicc and mpirun passes it
# (the fake mpicc may, on a loaded machine): either is killed, and said
W='iolens blocks: warning: (mpicc could not build the MPI-IO calibration in time|mpirun -np 2 of the MPI-IO calibration did not end in 2 s: killed): MPI-IO calls get no predicted time'

for mode in hang ccgone; do
	MODE=$mode IOLENS_TEST_MPICAL_S=2 timeout 250 $RUN blocks --calibrate cal > out 2> err
	is "$?" 0 "$mode: the calibration ends"
	is "$(grep -Ec "^$W\$" err):$(wc -l < err)" "1:1" "... with a one-line warning"
	is "$(grep -c '^mpiio_' "$M"):$(grep -c '^open ' "$M")" "0:1" "... the POSIX costs saved, no MPI-IO ones"
	is "$(ls -A cal | wc -l)" 0 "... and nothing left in the directory"
done
is "$(grep -c 'mpicc could not build the MPI-IO calibration in time' err)" 1 \
	"an mpicc that closes its stdout and runs on is killed too"

MODE=noise $RUN blocks --calibrate cal > out 2> err
is "$?:$(cat err)" "0:" "mpirun printing other lines too"
is "$(awk '$1 == "open" || $1 == "fsync" { print ($2 < 7) }' "$M" | tr -d '\n')" 11 \
	"... its 'open 7' and 'fsync 9' are no costs"
is "$(grep -c '^dir /elsewhere' "$M")" 0 "... nor its 'dir' line the directory"
is "$(grep -c '^mpiio_' "$M")" 4 "... its mpiio_* lines are"
is "$(ls -A cal | wc -l)" 0 "... and the core it left removed with the directory"

MODE=inf $RUN blocks --calibrate cal > out 2> err
is "$?:$(cat err)" "0:iolens blocks: warning: the MPI-IO calibration printed no costs: MPI-IO calls get no predicted time" \
	"mpiio_open inf: no costs, a warning"
is "$(grep -c '^mpiio_' "$M")" 0 "... none saved"
done_testing
