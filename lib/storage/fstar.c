/*
 * An archive of GPFS mmperfmon reports (a tar file, plain or gzip, as
 * pytokio keeps a centre's: one report per server and query), read
 * member by member without unpacking: each regular member that is
 * mmperfmon output is read as a recording of its own would be; other
 * members are passed over.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "storage/fsmon.h"
#include "base/banned.h"

/* a member larger than this is not a report */
#define MAX_MEMBER (1u << 30)

/* the octal number of a header field; -1 when it is not one */
static long long octal(const unsigned char *f, size_t n)
{
	long long v = 0;
	size_t i = 0;

	while (i < n && f[i] == ' ')
		i++;
	if (i == n || f[i] < '0' || f[i] > '7')
		return -1;
	for (; i < n && f[i] >= '0' && f[i] <= '7'; i++)
		v = v * 8 + (f[i] - '0');
	return v;
}

static int ustar(const unsigned char *h)
{
	return !memcmp(h + 257, "ustar", 5);
}

int iol_fs_tar_is(const char *path)
{
	unsigned char h[512];
	gzFile g = gzopen(path, "rb");
	int n;

	if (!g)
		return 0;
	n = gzread(g, h, sizeof(h));
	gzclose(g);
	return n == (int)sizeof(h) && ustar(h);
}

/* exactly n bytes into b (NULL: passed over); 0 or IOL_ECORRUPT */
static int take(gzFile g, unsigned char *b, size_t n)
{
	unsigned char skip[4096];

	while (n > 0) {
		unsigned k = n > sizeof(skip) ? sizeof(skip) : (unsigned)n;
		int got = gzread(g, b ? b : skip, b ? (unsigned)n : k);

		if (got <= 0)
			return IOL_ECORRUPT;
		n -= (size_t)got;
		if (b)
			b += got;
	}
	return 0;
}

/* one member's text read as mmperfmon output: 0 read, 1 not one */
static int member(struct iol_fsmon *m, gzFile g, const char *name, size_t size,
		  struct iol_error *err)
{
	unsigned char *buf = malloc(size + 1);
	char msg[sizeof(err->msg)];
	int r;

	if (!buf)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (take(g, buf, size) < 0) {
		free(buf);
		return iol_error_set(err, IOL_ECORRUPT,
				     "%s: the archive ends inside it", name);
	}
	buf[size] = 0;
	r = iol_fs_mmperfmon_mem(m, (char *)buf, size, err);
	free(buf);
	if (r < 0 && err) {
		snprintf(msg, sizeof(msg), "%s", err->msg);
		iol_error_set(err, r, "%s: %s", name, msg);
	}
	return r;
}

static int walk(struct iol_fsmon *m, gzFile g, struct iol_error *err)
{
	unsigned char h[512];
	char name[260] = "";
	int r = 0, nread = 0, end = 0;

	while (r >= 0 && !end) {
		long long size;
		size_t i;

		/* cut between members, or inside a header: an archive
		 * always ends in zero blocks */
		if (gzread(g, h, sizeof(h)) != (int)sizeof(h))
			return iol_error_set(err, IOL_ECORRUPT,
					     "the archive ends after '%s'",
					     name[0] ? name : "its start");
		for (i = 0; i < sizeof(h) && !h[i]; i++)
			;
		if ((end = i == sizeof(h)))
			break;
		size = octal(h + 124, 12);
		if (!ustar(h) || size < 0 || size > MAX_MEMBER)
			return iol_error_set(err, IOL_ECORRUPT,
					     "not a tar header after "
					     "'%s'",
					     name[0] ? name : "its start");
		snprintf(name, sizeof(name), "%.155s%s%.100s", h + 345,
			 h[345] ? "/" : "", h);
		if (h[156] == '0' || h[156] == 0) {
			r = member(m, g, name, (size_t)size, err);
			nread += r == 0;
			r = r < 0 ? r : 0;
		} else if (take(g, NULL, (size_t)size) < 0) {
			r = iol_error_set(err, IOL_ECORRUPT,
					  "%s: the archive ends inside it",
					  name);
		}
		if (r >= 0 && take(g, NULL, (512 - size % 512) % 512) < 0)
			r = iol_error_set(err, IOL_ECORRUPT,
					  "%s: the archive ends inside it",
					  name);
	}
	if (r < 0)
		return r;
	return nread ? 0
		     : iol_error_set(err, IOL_ENOTLOG,
				     "an archive without mmperfmon output");
}

int iol_fs_tar_read(struct iol_fsmon *m, const char *path,
		    struct iol_error *err)
{
	gzFile g = gzopen(path, "rb");
	int r;

	if (!g) {
		int e = errno;

		iol_error_set(err, IOL_EIO, "%s", strerror(e));
		if (err)
			err->sys = e;
		return IOL_EIO;
	}
	r = walk(m, g, err);
	gzclose(g);
	return r;
}
