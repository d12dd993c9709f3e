/*
 * Reflink clones for t/6008-clone.t: FICLONE of a.bin into b.bin, then
 * FICLONERANGE of a.bin's bytes 4096..12287 into c.bin at 65536 (whole
 * blocks, as the file systems that clone want), and an ioctl that is no
 * clone (TCGETS on a file: ENOTTY), which the tracer passes through
 * unrecorded, and an FICLONERANGE on no descriptor with an address
 * that cannot be read (EBADF).  It prints what each call returned, "0"
 * or its errno's name, for the test to compare with the trace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static const char *res(int r)
{
	return r == 0 ? "0" : strerrorname_np(errno);
}

int main(void)
{
	static char buf[65536];
	struct file_clone_range fr;
	struct termios t;
	int a, b, c, r;
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7 + i / 4096);
	a = open("a.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (a < 0 || write(a, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
		return 1;
	b = open("b.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	c = open("c.bin", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (b < 0 || c < 0)
		return 1;
	r = ioctl(b, FICLONE, a);
	printf("FICLONE %s\n", res(r));
	fr.src_fd = a;
	fr.src_offset = 4096;
	fr.src_length = 8192;
	fr.dest_offset = 65536;
	r = ioctl(c, FICLONERANGE, &fr);
	printf("FICLONERANGE %s\n", res(r));
	r = ioctl(a, TCGETS, &t);
	printf("TCGETS %s\n", res(r));
	/* no descriptor and no range: the kernel reads neither, EBADF
	 * (the tracer read the range and the program died SIGSEGV) */
	r = ioctl(-1, FICLONERANGE, (struct file_clone_range *)16);
	printf("BADFD %s\n", res(r));
	close(c);
	close(b);
	close(a);
	return 0;
}
