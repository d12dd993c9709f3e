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

/* n bytes passed over; 0 or IOL_ECORRUPT */
static int skip(gzFile g, size_t n)
{
	unsigned char b[4096];

	while (n > 0) {
		unsigned k = n > sizeof(b) ? sizeof(b) : (unsigned)n;
		int got = gzread(g, b, k);

		if (got <= 0)
			return IOL_ECORRUPT;
		n -= (size_t)got;
	}
	return 0;
}

/* a member's size bytes into a buffer that grows as they arrive: the
 * size a header claims (up to MAX_MEMBER) is not reserved before the
 * data is there, so a header of a cut or hostile archive costs what
 * the archive holds; *out is NUL-ended */
static int take_grow(gzFile g, size_t size, unsigned char **out)
{
	unsigned char *buf = NULL, *nb;
	size_t have = 0, cap = 0;

	*out = NULL;
	while (have < size) {
		size_t want = size - have;
		int got;

		if (have == cap) {
			cap = cap ? 2 * cap : 65536;
			if (cap > size)
				cap = size;
			if (!(nb = realloc(buf, cap + 1))) {
				free(buf);
				return IOL_ENOMEM;
			}
			buf = nb;
		}
		if (want > cap - have)
			want = cap - have;
		got = gzread(g, buf + have, (unsigned)want);
		if (got <= 0) {
			free(buf);
			return IOL_ECORRUPT;
		}
		have += (size_t)got;
	}
	if (!buf && !(buf = malloc(1)))
		return IOL_ENOMEM;
	buf[size] = 0;
	*out = buf;
	return 0;
}

/* one member's text read as mmperfmon output: 0 read, 1 not one */
static int member(struct iol_fsmon *m, gzFile g, const char *name, size_t size,
		  struct iol_error *err)
{
	unsigned char *buf;
	char msg[sizeof(err->msg)];
	int r = take_grow(g, size, &buf);

	if (r == IOL_ENOMEM)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (r < 0)
		return iol_error_set(err, IOL_ECORRUPT,
				     "%s: the archive ends inside it", name);
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
		} else if (skip(g, (size_t)size) < 0) {
			r = iol_error_set(err, IOL_ECORRUPT,
					  "%s: the archive ends inside it",
					  name);
		}
		if (r >= 0 && skip(g, (512 - size % 512) % 512) < 0)
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
