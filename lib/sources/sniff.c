/*
 * What a file or a directory holds, by looking (sources/inputs.h): the
 * sniffs of Darshan logs, strace and Iota traces and text, and the
 * listing of directories, below both the loaders and the resolution of
 * arguments so that each asks the same questions the same way.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/grow.h"
#include "base/lines.h"
#include "sources/darshan.h"
#include "sources/inputs.h"
#include "sources/trace-int.h"
#include "base/banned.h"

/* ---- sniffing ---- */

/* does the file's first line look like strace output? */
int iol_strace_sniff_file(const char *path)
{
	struct iol_lines l;
	char *line;
	size_t len;
	int r = 0;

	if (iol_lines_open(&l, path, NULL) < 0)
		return 0;
	while (iol_lines_next(&l, &line, &len, NULL) == 1) {
		/* blank lines, strace's notes, comments of Iota traces */
		if (!len || !strncmp(line, "strace:", 7) || line[0] == '#')
			continue;
		r = iol_iota_sniff(line, len) ? 2 : iol_strace_sniff(line, len);
		break;
	}
	iol_lines_close(&l);
	return r;
}

/* the time part of a line: "12:34:56.789 " or "1700000000.123 " */
static const char *skip_time(const char *s)
{
	if (*s == ' ')
		while (*s == ' ' || (*s >= '0' && *s <= '9') || *s == ':' ||
		       *s == '.')
			s++;
	else
		while ((*s >= '0' && *s <= '9') || *s == ':' || *s == '.' ||
		       *s == ' ')
			s++;
	return s;
}

/* a call with no time before its name: "execve(", "123 execve(" or
 * "[pid 123] execve(", strace run without -t, -tt or -ttt */
int tr_untimed(const char *s)
{
	if (!strncmp(s, "[pid", 4)) {
		s = strchr(s, ']');
		if (!s)
			return 0;
		s++;
	} else {
		while (*s >= '0' && *s <= '9')
			s++;
	}
	while (*s == ' ')
		s++;
	if (!((*s >= 'a' && *s <= 'z') || *s == '_'))
		return 0;
	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
	       *s == '_')
		s++;
	return *s == '(';
}

int iol_strace_sniff(const char *buf, size_t len)
{
	char line[512];
	size_t n = 0;
	const char *s;
	int digits = 0;

	while (n < len && n < sizeof(line) - 1 && buf[n] != '\n') {
		line[n] = buf[n];
		n++;
	}
	line[n] = '\0';
	s = line;
	if (!strncmp(s, "[pid", 4))
		return 1;
	/* without times: said so when it is read */
	if (tr_untimed(s) && (strstr(s, ") = ") || strstr(s, "<unfinished")))
		return 1;
	while (*s >= '0' && *s <= '9')
		s++, digits++;
	if (!digits)
		return 0;
	s = skip_time(s);
	while ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
	       *s == '_')
		s++;
	return *s == '(' || !strncmp(s, "+++", 3) || !strncmp(s, "---", 3) ||
	       !strncmp(s, "<...", 4);
}

/* ---- looking at files ---- */

int iol_is_darshan_file(const char *path)
{
	unsigned char head[16];
	size_t n = 0;
	FILE *f = fopen(path, "rb");

	if (f) {
		n = fread(head, 1, sizeof(head), f);
		fclose(f);
	}
	return iol_dlog_sniff(head, n);
}

int iol_is_trace_file(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") && stat(path, &sb) == 0 &&
	       S_ISREG(sb.st_mode) && !iol_is_darshan_file(path) &&
	       iol_strace_sniff_file(path) != 0;
}

int iol_is_text_file(const char *path)
{
	unsigned char buf[512];
	FILE *f = fopen(path, "rb");
	size_t n, k;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	for (k = 0; k < n; k++)
		if (buf[k] < 0x20 && !strchr("\t\n\r\f", buf[k]))
			return 0;
	return n > 0;
}

/* by its extension: blocks --source takes anything else as the trace */
int iol_is_c_source(const char *path)
{
	static const char *const ext[] = {
		".c",	".h",	".cc", ".cpp", ".cxx", ".c++", ".C",   ".hh",
		".hpp", ".hxx", ".H",  ".i",   ".ii",  ".inl", ".tcc", NULL};
	const char *dot = strrchr(path, '.');
	int i;

	if (!dot || strchr(dot, '/'))
		return 0;
	for (i = 0; ext[i]; i++)
		if (strcmp(dot, ext[i]) == 0)
			return 1;
	return 0;
}

/* ---- listing directories ---- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_list(char **v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(v[k]);
	free(v);
}

/* dir and name joined by one slash */
static char *join(const char *dir, const char *name)
{
	size_t l = strlen(dir) + strlen(name) + 2;
	char *s = malloc(l);

	if (s)
		snprintf(s, l, "%s%s%s", dir,
			 dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/",
			 name);
	return s;
}

int iol_dir_list(const char *dir, char ***out, size_t *n, struct iol_error *err)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **v = NULL, **nv;
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	if (!d) {
		if (err)
			err->sys = errno;
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		nv = iol_grow(v, &cap, *n, sizeof(*v), 32);
		if (!nv || !(nv[*n] = join(dir, de->d_name))) {
			closedir(d);
			free_list(nv ? nv : v, *n);
			*n = 0;
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
		v = nv;
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	*out = v;
	return 0;
}

/* keep the traces of v[0..*n), freeing the others */
static void keep_traces(char **v, size_t *n)
{
	size_t k, m = 0;

	for (k = 0; k < *n; k++)
		if (iol_is_trace_file(v[k]))
			v[m++] = v[k];
		else
			free(v[k]);
	*n = m;
}

int iol_trace_dir(const char *dir, char ***paths, int *n, struct iol_error *err)
{
	size_t m;
	int ret = iol_dir_list(dir, paths, &m, err);

	if (ret < 0)
		return ret;
	keep_traces(*paths, &m);
	*n = (int)m;
	return 0;
}
