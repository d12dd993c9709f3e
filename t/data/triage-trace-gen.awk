# triage-trace-gen.awk: an strace -f -tt -T trace of one process that
# works through files one after another, for `iolens convert` (the
# triage tests' own cases).  Each argument is one file's access:
#   name:mode:n:size:span:seconds
# mode rand (preads at random size-aligned offsets below span), seq
# (consecutive preads from 0), gap (forward preads every span/n bytes),
# write (consecutive pwrites); n requests of size bytes, each taking
# seconds.  srand(7): the same trace on every run.
#   awk -f triage-trace-gen.awk f1:rand:4000:4096:4294967296:0.0005
function ts(t, h, m, s)
{
	h = int(t / 3600); m = int((t - h * 3600) / 60); s = t - h * 3600 - m * 60
	return sprintf("%02d:%02d:%09.6f", h, m, s)
}
BEGIN {
	srand(7); t = 36000; pid = 4242
	for (a = 1; a < ARGC; a++) {
		split(ARGV[a], f, ":")
		name = f[1]; mode = f[2]; n = f[3]; sz = f[4]; span = f[5]; dur = f[6]
		printf "%d %s openat(AT_FDCWD, \"/data/%s\", %s) = 3 <0.000010>\n", pid, ts(t), name,
			(mode == "write" ? "O_WRONLY|O_CREAT" : "O_RDONLY")
		t += 0.0001
		for (i = 0; i < n; i++) {
			if (mode == "rand") off = int(rand() * (span / sz)) * sz
			else if (mode == "gap") off = int(i * span / n / 4096) * 4096
			else off = i * sz
			printf "%d %s %s(3, \"\"..., %d, %d) = %d <%.6f>\n", pid, ts(t),
				(mode == "write" ? "pwrite64" : "pread64"), sz, off, sz, dur
			t += dur + 0.000002
		}
		printf "%d %s close(3) = 0 <0.000005>\n", pid, ts(t)
		t += 0.001
	}
	t += 0.01
	printf "%d %s +++ exited with 0 +++\n", pid, ts(t)
	exit
}
