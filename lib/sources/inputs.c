/*
 * Resolving a command's log arguments into jobs (sources/inputs.h): the
 * one place that decides what a directory, a trace file or a run of them
 * stands for, so that commands only parse options and loaders only read.
 * Directories are listed, and files sniffed, in sources/sniff.c, which
 * the strace loader asks for a directory's traces too.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/grow.h"
#include "sources/inputs.h"
#include "sources/trace.h"
#include "base/banned.h"

/* walks deeper than this are cycles or mistakes, not log trees */
#define MAX_DEPTH 64

static int is_dir(const char *path)
{
	struct stat sb;

	return strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static void free_list(char **v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(v[k]);
	free(v);
}

/* ---- the arguments, a directory expanded ---- */

/* one argument or a job found under a directory argument */
struct item {
	char *path;
	char **traces; /* a directory of traces: its traces */
	int ntraces;
	int found; /* found under a directory: never one of a run */
};

struct items {
	struct item *v;
	size_t n, cap;
};

static int push(struct items *a, const char *path, char **traces, int nt)
{
	struct item *nv = iol_grow(a->v, &a->cap, a->n, sizeof(*nv), 32);

	if (!nv)
		return IOL_ENOMEM;
	a->v = nv;
	nv[a->n].path = strdup(path);
	if (!nv[a->n].path)
		return IOL_ENOMEM;
	nv[a->n].traces = traces;
	nv[a->n].ntraces = nt;
	nv[a->n].found = 0;
	a->n++;
	return 0;
}

/* dir as one job when it holds traces: 1 pushed, 0 not, < 0 error */
static int trace_dir_item(struct items *a, const char *dir)
{
	char **t;
	int nt;

	if (iol_trace_dir(dir, &t, &nt, NULL) < 0 || !nt) {
		free(t);
		return 0;
	}
	if (push(a, dir, t, nt) < 0) {
		free_list(t, (size_t)nt);
		return IOL_ENOMEM;
	}
	return 1;
}

/* the jobs under dir: each Darshan log and each directory that holds
 * traces (one job), depth first, in name order; symbolic links to
 * directories are not followed */
static int walk(struct items *a, const char *dir, int depth)
{
	size_t n, k;
	char **v;
	struct stat sb;
	int ret = 0;

	if (iol_dir_list(dir, &v, &n, NULL) < 0)
		return 0; /* unreadable: holds nothing */
	for (k = 0; ret >= 0 && k < n; k++) {
		if (lstat(v[k], &sb) < 0)
			continue;
		if (S_ISDIR(sb.st_mode) && depth < MAX_DEPTH) {
			ret = trace_dir_item(a, v[k]);
			if (ret == 0)
				ret = walk(a, v[k], depth + 1);
		} else if (!S_ISDIR(sb.st_mode) && iol_is_darshan_file(v[k])) {
			ret = push(a, v[k], NULL, 0);
			if (ret == 0)
				a->v[a->n - 1].found = 1;
		}
	}
	free_list(v, n);
	return ret < 0 ? ret : 0;
}

static int add_empty(struct iol_inputs *in, const char *dir)
{
	size_t cap = in->nempty;
	char **nv = iol_grow(in->empty, &cap, in->nempty, sizeof(*nv), 4);

	if (!nv)
		return IOL_ENOMEM;
	in->empty = nv;
	if (!(nv[in->nempty] = strdup(dir)))
		return IOL_ENOMEM;
	in->nempty++;
	return 0;
}

/* one argument into a: a directory by the rule, anything else as given */
static int expand(struct iol_inputs *in, struct items *a, const char *arg)
{
	size_t before = a->n;
	int ret;

	if (!is_dir(arg))
		return push(a, arg, NULL, 0);
	ret = trace_dir_item(a, arg);
	if (ret == 0)
		ret = walk(a, arg, 0);
	if (ret >= 0 && a->n == before)
		ret = add_empty(in, arg);
	return ret < 0 ? ret : 0;
}

/* ---- items into jobs ---- */

/* are both paths in the same directory (as written)? */
static int same_dir(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;

	return la == lb && !strncmp(a, b, la);
}

static int is_run_trace(const struct item *it)
{
	return !it->found && !it->traces && iol_is_trace_file(it->path);
}

/* how many items from v[i] on are one job: the run of trace files of
 * one directory starting there */
static size_t run_of(const struct items *a, size_t i)
{
	size_t n = 1;

	if (i + 1 >= a->n || !same_dir(a->v[i].path, a->v[i + 1].path) ||
	    !is_run_trace(&a->v[i]))
		return 1;
	while (i + n < a->n && same_dir(a->v[i].path, a->v[i + n].path) &&
	       is_run_trace(&a->v[i + n]))
		n++;
	return n;
}

/* the job of items v[i..i+n): several traces, or one argument; the
 * items' traces move into it */
static int make_input(struct iol_input *in, struct items *a, size_t i, size_t n,
		      int merged)
{
	size_t k, total = 0, l;
	int m;

	memset(in, 0, sizeof(*in));
	in->arg = strdup(a->v[i].path);
	l = strlen(a->v[i].path) + 24;
	in->name = malloc(l);
	if (!in->arg || !in->name)
		return IOL_ENOMEM;
	snprintf((char *)in->name, l, n > 1 ? "%s +%zu" : "%s", a->v[i].path,
		 n - 1);
	if (n == 1 && !merged && !a->v[i].traces)
		return 0; /* read by whichever source sniffs it */
	for (k = i; k < i + n; k++)
		total += a->v[k].traces ? (size_t)a->v[k].ntraces : 1;
	in->paths = calloc(total ? total : 1, sizeof(*in->paths));
	if (!in->paths)
		return IOL_ENOMEM;
	for (k = i; k < i + n; k++) {
		if (!a->v[k].traces) {
			in->paths[in->npaths++] = a->v[k].path;
			a->v[k].path = NULL;
			continue;
		}
		for (m = 0; m < a->v[k].ntraces; m++)
			in->paths[in->npaths++] = a->v[k].traces[m];
		free(a->v[k].traces);
		a->v[k].traces = NULL;
		a->v[k].ntraces = 0;
	}
	return 0;
}

static int group(struct iol_inputs *in, struct items *a, unsigned flags)
{
	size_t i, n;
	int ret;

	in->v = calloc(a->n ? a->n : 1, sizeof(*in->v));
	if (!in->v)
		return IOL_ENOMEM;
	for (i = 0; i < a->n; i += n) {
		n = flags & IOL_INPUTS_MERGE ? a->n - i : run_of(a, i);
		ret = make_input(&in->v[in->n++], a, i, n,
				 flags & IOL_INPUTS_MERGE);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static void items_free(struct items *a)
{
	for (size_t k = 0; k < a->n; k++) {
		free(a->v[k].path);
		free_list(a->v[k].traces, (size_t)a->v[k].ntraces);
	}
	free(a->v);
}

int iol_inputs_resolve(struct iol_inputs *in, const char *const *args,
		       int nargs, unsigned flags, struct iol_error *err)
{
	struct items a = {0};
	int i, ret = 0;

	memset(in, 0, sizeof(*in));
	for (i = 0; ret == 0 && i < nargs; i++)
		ret = expand(in, &a, args[i]);
	if (ret == 0)
		ret = group(in, &a, flags);
	items_free(&a);
	if (ret < 0) {
		iol_inputs_release(in);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	return 0;
}

void iol_inputs_release(struct iol_inputs *in)
{
	size_t k;

	for (k = 0; in->v && k < in->n; k++) {
		free((char *)in->v[k].arg);
		free((char *)in->v[k].name);
		free_list(in->v[k].paths, (size_t)in->v[k].npaths);
	}
	free(in->v);
	free_list(in->empty, in->nempty);
	memset(in, 0, sizeof(*in));
}

int iol_input_load(const struct iol_input *in, const struct iol_trace_opts *to,
		   struct iol_job **job, struct iol_error *err)
{
	if (!in->paths)
		return iol_job_load_opts(job, in->arg, to, err);
	return iol_job_load_traces(job, in->name,
				   (const char *const *)in->paths, in->npaths,
				   to, err);
}
