/* Round 47's neighbour: the other job on the same device, not traced. Usage: nb47 MODE DIR SECONDS
 *  stream: writes 64 MiB files of 1 MiB writes, fdatasync each file, deletes it, again (a checkpointing job)
 *  meta:   creates 200 empty files, stats and unlinks them, again (a metadata storm: untar, a build, mdtest)
 *  read:   O_DIRECT reads of a 256 MiB file in 1 MiB requests, again (an analysis job reading its input) */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stop;
static void on_int(int sig) { (void)sig; stop = 1; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

int main(int argc, char **argv)
{
	if (argc != 4) { fprintf(stderr, "usage: nb47 stream|meta|read DIR SECONDS\n"); return 2; }
	signal(SIGINT, on_int);
	char fn[600]; double end = now() + atof(argv[3]); long ops = 0;
	char *buf; if (posix_memalign((void **)&buf, 4096, 1 << 20)) return 1;
	memset(buf, 'n', 1 << 20);
	if (!strcmp(argv[1], "read")) {
		snprintf(fn, sizeof fn, "%s/nbread.dat", argv[2]);
		struct stat st;
		if (stat(fn, &st) || st.st_size < (256L << 20)) {
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			for (int i = 0; i < 256; i++) if (write(fd, buf, 1 << 20) < 0) return 1;
			fsync(fd); close(fd);
		}
	}
	while (!stop && now() < end) {
		if (!strcmp(argv[1], "stream")) {
			snprintf(fn, sizeof fn, "%s/nbstream.dat", argv[2]);
			int fd = open(fn, O_CREAT | O_WRONLY | O_TRUNC, 0644);
			for (int i = 0; i < 64 && !stop && now() < end; i++, ops++) if (write(fd, buf, 1 << 20) < 0) return 1;
			fdatasync(fd); close(fd); unlink(fn);
		} else if (!strcmp(argv[1], "meta")) {
			for (int i = 0; i < 200; i++, ops++) {
				snprintf(fn, sizeof fn, "%s/m%d", argv[2], i);
				int fd = open(fn, O_CREAT | O_WRONLY, 0644); if (fd >= 0) close(fd);
			}
			struct stat st;
			for (int i = 0; i < 200; i++) { snprintf(fn, sizeof fn, "%s/m%d", argv[2], i); stat(fn, &st); unlink(fn); }
		} else {
			snprintf(fn, sizeof fn, "%s/nbread.dat", argv[2]);
			int fd = open(fn, O_RDONLY | O_DIRECT);
			while (!stop && now() < end && read(fd, buf, 1 << 20) > 0) ops++;
			close(fd);
		}
	}
	printf("neighbour %s: %ld ops\n", argv[1], ops);
	return 0;
}
