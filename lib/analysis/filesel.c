/*
 * The row filter of `iolens files` (filesel.h).  Owner: lib/analysis.
 */
#include <string.h>

#include "analysis/filesel.h"
#include "base/banned.h"

/* Does a path pass --include, --exclude and --default-excludes?  Rows
 * excluded are counted, to be said. */
static int path_wanted(struct iol_filesel *s, const char *path)
{
	path = path ? path : "";
	if (s->have_inc && regexec(&s->inc, path, 0, NULL, 0))
		return 0;
	if ((s->have_exc && !regexec(&s->exc, path, 0, NULL, 0)) ||
	    iol_excl_match(s->defex, path) >= 0) {
		s->nexcl++;
		return 0;
	}
	return 1;
}

/* Does the row pass --module and the path filters? */
static int wanted(struct iol_filesel *s, const struct iol_filerow *f)
{
	if (s->module >= 0 &&
	    (s->merge ? !strstr(f->modules, iol_modinfo(s->module)->name)
		      : f->mod != s->module))
		return 0;
	return path_wanted(s, f->path);
}

size_t iol_filesel_rows(struct iol_filesel *s, const struct iol_filerow **rows,
			size_t n)
{
	size_t r, kept = 0;

	for (r = 0; r < n; r++) {
		if (!wanted(s, rows[r]))
			continue;
		if (s->top && (int64_t)kept >= s->top)
			break;
		rows[kept++] = rows[r];
	}
	return kept;
}

size_t iol_filesel_shared(struct iol_filesel *s, struct iol_sharedrow *rows,
			  size_t n)
{
	size_t r, kept = 0;

	for (r = 0; r < n; r++) {
		/* the path first: an excluded row is counted whatever its
		 * module */
		if (!path_wanted(s, rows[r].path) ||
		    (s->module >= 0 && rows[r].mod != s->module))
			continue;
		if (s->top && (int64_t)kept >= s->top)
			break;
		rows[kept++] = rows[r];
	}
	return kept;
}
