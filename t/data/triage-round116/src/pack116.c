/* pack116.c: round 116's serial archiver: packs DIR/f0000..f(N-1) into one tar-like archive
 * (512-B header + data padded to 512 B a member), as a small-file packer does.
 *   pack116 DIR N OUT fsync|end    fsync: fsync the archive after every member (a "safe" packer), end: once */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

static char buf[1 << 20];

static int member(int out, const char *p, int i)
{
	char hdr[512] = {0}; struct stat st; int in = open(p, O_RDONLY); ssize_t n;
	if (in < 0 || fstat(in, &st)) return -1;
	snprintf(hdr, sizeof hdr, "f%04d %lld", i, (long long)st.st_size);
	n = read(in, buf, sizeof buf); close(in);
	if (n < 0) return -1;
	size_t pad = (n + 511) / 512 * 512;
	memset(buf + n, 0, pad - n);
	return write(out, hdr, 512) == 512 && write(out, buf, pad) == (ssize_t)pad ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc < 5) { fprintf(stderr, "usage: pack116 DIR N OUT fsync|end\n"); return 2; }
	int n = atoi(argv[2]), each = !strcmp(argv[4], "fsync");
	int out = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644); char p[4096];
	if (out < 0) { perror(argv[3]); return 1; }
	for (int i = 0; i < n; i++) {
		snprintf(p, sizeof p, "%s/f%04d", argv[1], i);
		if (member(out, p, i)) { perror(p); return 1; }
		if (each) fsync(out);
	}
	fsync(out); close(out);
	printf("packed %d\n", n);
	return 0;
}
