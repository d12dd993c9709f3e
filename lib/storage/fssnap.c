/*
 * fsstats snapshots: a line-oriented text file, one "key value" line per
 * number and one "key bin value" line per non-empty histogram bin, so
 * that two snapshots diff well and stay small (a few KiB whatever the
 * tree).  Format (iolens-fsstats(1)):
 *   iolens-fsstats-snapshot 1
 *   files 1234            (every scalar of struct iol_fsstats)
 *   size_count 13 27      (histogram, bin, value)
 *   largest <path, \\ \n \t and bytes outside 0x21..0x7e as \xNN>
 *   end
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/fswalk.h"
#include "base/banned.h"

#define MAGIC "iolens-fsstats-snapshot 1"

static const struct {
	const char *key;
	size_t off;
} scalars[] = {
#define S(f)                                        \
	{                                           \
#f, offsetof(struct iol_fsstats, f) \
	}
	S(files),	  S(dirs),	  S(symlinks),	    S(others),
	S(bytes),	  S(alloc_bytes), S(entry_bytes),   S(linked_files),
	S(linked_inodes), S(denied),	  S(vanished),	    S(errors),
	S(other_fs),	  S(max_size),	  S(max_dir_files),
#undef S
};

static const struct {
	const char *key;
	size_t off;
	int n;
} hists[] = {
#define H(f, n)                                        \
	{                                              \
#f, offsetof(struct iol_fsstats, f), n \
	}
	H(size_count, IOL_FS_SIZE_BINS), H(size_bytes, IOL_FS_SIZE_BINS),
	H(mage_count, IOL_FS_AGE_BINS),	 H(mage_bytes, IOL_FS_AGE_BINS),
	H(aage_count, IOL_FS_AGE_BINS),	 H(aage_bytes, IOL_FS_AGE_BINS),
	H(dir_files, IOL_FS_DIR_BINS),	 H(name_len, IOL_FS_NAME_MAX + 1),
#undef H
};

#define NS (sizeof(scalars) / sizeof(*scalars))
#define NH (sizeof(hists) / sizeof(*hists))

static uint64_t *u64(const struct iol_fsstats *st, size_t off)
{
	return (uint64_t *)((char *)st + off);
}

int iol_fs_save(FILE *f, const struct iol_fsstats *st)
{
	const unsigned char *p;
	size_t i;
	int k;

	fprintf(f, "%s\nnow %" PRId64 "\nmax_depth %" PRIu32 "\n", MAGIC,
		st->now, st->max_depth);
	for (i = 0; i < NS; i++)
		fprintf(f, "%s %" PRIu64 "\n", scalars[i].key,
			*u64(st, scalars[i].off));
	for (i = 0; i < NH; i++)
		for (k = 0; k < hists[i].n; k++)
			if (u64(st, hists[i].off)[k])
				fprintf(f, "%s %d %" PRIu64 "\n", hists[i].key,
					k, u64(st, hists[i].off)[k]);
	fputs("largest ", f);
	for (p = (const unsigned char *)st->largest; *p; p++)
		if (*p == '\\')
			fputs("\\\\", f);
		else if (*p < 0x21 || *p > 0x7e)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	fputs("\nend\n", f);
	return ferror(f) ? IOL_EIO : 0;
}

static int unescape(const char *s, char *out, size_t n)
{
	size_t k = 0;
	unsigned v;

	for (; *s && k + 1 < n; s++) {
		if (*s != '\\') {
			out[k++] = *s;
			continue;
		}
		if (s[1] == '\\') {
			out[k++] = '\\';
			s++;
		} else if (s[1] == 'x' && sscanf(s + 2, "%2x", &v) == 1) {
			out[k++] = (char)v;
			s += 3;
		} else {
			return -1;
		}
	}
	out[k] = '\0';
	return 0;
}

static int line(struct iol_fsstats *st, char *l)
{
	char key[32];
	unsigned long long a, b;
	int n = 0;
	size_t i;

	if (!strncmp(l, "largest ", 8))
		return unescape(l + 8, st->largest, sizeof(st->largest));
	if (sscanf(l, "%31s %llu %llu%n", key, &a, &b, &n) == 3 && !l[n]) {
		for (i = 0; i < NH; i++)
			if (!strcmp(key, hists[i].key) &&
			    a < (unsigned)hists[i].n) {
				u64(st, hists[i].off)[a] = b;
				return 0;
			}
		return -1;
	}
	if (!strncmp(l, "now ", 4))
		return sscanf(l + 4, "%" SCNd64 "%n", &st->now, &n) == 1 &&
				       !l[4 + n]
			       ? 0
			       : -1;
	if (!strncmp(l, "max_depth ", 10))
		return sscanf(l + 10, "%" SCNu32, &st->max_depth) == 1 ? 0 : -1;
	if (sscanf(l, "%31s %llu%n", key, &a, &n) == 2 && !l[n])
		for (i = 0; i < NS; i++)
			if (!strcmp(key, scalars[i].key)) {
				*u64(st, scalars[i].off) = a;
				return 0;
			}
	return -1;
}

int iol_fs_load(FILE *f, struct iol_fsstats *st, struct iol_error *err)
{
	char buf[16384];
	unsigned long no = 0;
	int end = 0;

	memset(st, 0, sizeof(*st));
	while (fgets(buf, sizeof(buf), f)) {
		size_t len = strlen(buf);

		no++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if (no == 1 && strcmp(buf, MAGIC))
			return iol_error_set(err, IOL_ENOTLOG,
					     "not an iolens fsstats snapshot");
		if (no == 1)
			continue;
		if (!strcmp(buf, "end")) {
			end = 1;
			break;
		}
		if (line(st, buf) < 0)
			return iol_error_set(err, IOL_ESYNTAX,
					     "line %lu: not a snapshot line",
					     no);
	}
	if (ferror(f))
		return iol_error_set(err, IOL_EIO, "read error");
	if (!no)
		return iol_error_set(err, IOL_EEMPTY, "empty snapshot");
	if (!end)
		return iol_error_set(err, IOL_ETRUNC,
				     "snapshot ends before its 'end' line");
	return 0;
}

int iol_fs_load_path(const char *path, struct iol_fsstats *st, int *opened,
		     struct iol_error *err)
{
	FILE *f = fopen(path, "r");
	int r;

	*opened = f != NULL;
	if (!f)
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	r = iol_fs_load(f, st, err);
	fclose(f);
	return r;
}
