/*
 * iolens files --by ost (render/view-files-ost.c).
 */
#ifndef IOLENS_VIEW_FILES_OST_H
#define IOLENS_VIEW_FILES_OST_H

#include "render/view.h"
#include "analysis/ostload.h"

extern const struct iol_view iol_view_files_by_ost;

/* The table: text leaves out the log column (a titled table per log).
 * The machine formats begin it once, before the first log. */
void files_by_ost_start(struct out *o);
/* One log's OSTs: text a titled table and its foot (or a line saying
 * the log has no Lustre layout), the machine formats rows of the table
 * files_by_ost_start() began. */
void view_files_by_ost(struct out *o, const char *log,
		       const struct iol_ostload *l);

#endif
