/*
 * The entry of the file-system telemetry readers: the format of a
 * recording is told from its first bytes (SQLite, HDF5) or its first
 * line, and the file handed to the reader of that format.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "storage/fsmon.h"
#include "storage/lmtdb.h"
#include "base/lines.h"
#include "base/banned.h"

/* sniff()'s word for a tar archive of mmperfmon reports (fstar.c) */
enum { FMT_TAR = 100 };

/* the first line of a text recording that is not blank */
static int text_sniff(const char *path, struct iol_error *err)
{
	struct iol_lines l;
	char *s;
	size_t len;
	int r, f = IOL_FSFMT_NONE, begin = 0;

	r = iol_lines_open(&l, path, err);
	if (r < 0)
		return r;
	while ((r = iol_lines_next(&l, &s, &len, err)) > 0) {
		s += strspn(s, " \t\r");
		if (!*s)
			continue;
		if (!strncmp(s, "BEGIN ", 6) && !begin) {
			begin = 1; /* snapshots: the next line tells */
			continue;
		}
		if (!strncmp(s, "UUID", 4) && strstr(s, "1K-blocks"))
			f = IOL_FSFMT_LFS_DF;
		else if (!strncmp(s, "Legend:", 7))
			f = IOL_FSFMT_MMPERFMON;
		else if (strstr(s, " UP ") || strstr(s, " IN ") ||
			 strstr(s, " ST "))
			f = IOL_FSFMT_LCTL_DL;
		break;
	}
	iol_lines_close(&l);
	return r < 0 ? r : f;
}

static int sniff(const char *path, struct iol_error *err)
{
	static const unsigned char h5sig[8] = {0x89, 'H',  'D',	 'F',
					       '\r', '\n', 0x1a, '\n'};
	unsigned char b[16] = {0};
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	n = fread(b, 1, sizeof(b), f);
	fclose(f);
	if (n == 16 && !memcmp(b, "SQLite format 3", 16))
		return IOL_FSFMT_LMT_SQLITE;
	if (n >= 8 && !memcmp(b, h5sig, 8))
		return IOL_FSFMT_H5LMT; /* or TOKIO's: the reader tells */
	/* an archive before text: its first "line" is a member's header and
	 * data (a name with " IN " in it, or 4 MiB without a newline, would
	 * be taken for lctl dl or refused as a line too long) */
	if (iol_fs_tar_is(path))
		return FMT_TAR;
	return text_sniff(path, err);
}

/* HDF5 forms name no file system: their OSTs do ("snx11025-OST0000") */
static void fsname_from_targets(struct iol_fsmon *m)
{
	size_t i;
	const char *p;

	for (i = 0; !m->fsname[0] && i < m->ntg; i++)
		if ((p = strstr(m->tg[i].name, "-OST")) && p > m->tg[i].name)
			snprintf(m->fsname, sizeof(m->fsname), "%.*s",
				 (int)(p - m->tg[i].name), m->tg[i].name);
}

const char *iol_fsmon_fmtname(const struct iol_fsmon *m)
{
	if (!m->fmt)
		return "";
	return m->mixed ? "mixed formats" : iol_fsfmt_name(m->fmt);
}

int iol_fsmon_is_url(const char *name)
{
	return !strncmp(name, "mysql://", 8) ||
	       !strncmp(name, "mariadb://", 10);
}

int iol_fsmon_named_before(const char *const *paths, int i)
{
	struct stat a, b;
	int k;

	if (iol_fsmon_is_url(paths[i]) || stat(paths[i], &a) < 0)
		return 0;
	for (k = 0; k < i; k++)
		if (!iol_fsmon_is_url(paths[k]) && stat(paths[k], &b) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
			return 1;
	return 0;
}

int iol_fsmon_read(struct iol_fsmon *m, const char *path, int *fmt,
		   struct iol_error *err)
{
	int f = iol_fsmon_is_url(path) ? IOL_FSFMT_LMT_MYSQL : sniff(path, err),
	    r;

	if (f < 0)
		return f;
	if (f == FMT_TAR) {
		/* an archive of mmperfmon reports */
		f = IOL_FSFMT_MMPERFMON;
		r = iol_fs_tar_read(m, path, err);
	} else if (f == IOL_FSFMT_NONE)
		return iol_error_set(err, IOL_ENOTLOG,
				     "not an LMT database, h5lmt, TOKIO "
				     "HDF5, lfs df, lctl dl -t or mmperfmon "
				     "recording");
	else if (f == IOL_FSFMT_LMT_SQLITE)
		r = iol_lmt_sqlite_read(m, path, err);
	else if (f == IOL_FSFMT_LMT_MYSQL)
		r = iol_lmt_mysql_read(m, path, err);
	else if (f == IOL_FSFMT_H5LMT)
		r = iol_fs_hdf5_read(m, path, &f, err);
	else
		r = iol_fs_text_read(m, path, f, err);
	if (r == 0) {
		fsname_from_targets(m);
		m->mixed |= m->fmt && m->fmt != f;
		if (!m->fmt)
			m->fmt = f;
	}
	if (fmt)
		*fmt = f;
	return r;
}
