/*
 * The views of iolens files (render/view-files.c).
 */
#ifndef IOLENS_VIEW_FILES_H
#define IOLENS_VIEW_FILES_H

#include "analysis/metrics.h"
#include "analysis/select.h"
#include "render/view.h"

extern const struct iol_view iol_view_files, iol_view_files_shared;
/* The machine formats' one table (or --shared's); nothing in text. */
void view_files_table(struct out *o, int shared);
/* Text: a job's title and the start of its table. */
void view_files_title(struct out *o, const char *log, int shared);
/* One file row (log and record_id in the machine formats only). */
void view_files_row(struct out *o, const char *log,
		    const struct iol_filerow *f);
/* One --shared row. */
void view_files_shared_row(struct out *o, const char *log,
			   const struct iol_sharedrow *r);
/* A job's rows: its title (text), then each row. */
void view_files_rows(struct out *o, const char *log,
		     const struct iol_filerow **rows, size_t n);
/* The same of --shared rows. */
void view_files_shared_rows(struct out *o, const char *log,
			    const struct iol_sharedrow *rows, size_t n);
/* Text: the end of a job's table and how many rows the exclusions
 * dropped (never silently). */
void view_files_end(struct out *o, int64_t nexcl, int by_exclude,
		    int by_defaults);

#endif
