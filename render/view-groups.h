/*
 * The views of iolens groups (render/view-groups.c).
 */
#ifndef IOLENS_VIEW_GROUPS_H
#define IOLENS_VIEW_GROUPS_H

#include <stddef.h>

#include "population/popan.h"
#include "render/view.h"

extern const struct iol_view iol_view_groups, iol_view_groups_volumes,
	iol_view_groups_rates, iol_view_groups_strategies,
	iol_view_groups_files_written;
/* The groups g[0..n) of --by by (IOL_BY_*): one table of every column
 * in the machine formats, four tables in text; has_fw: the store has the
 * files_written_* columns; single: with --by size, every class holds one
 * process count. */
void iol_view_groups_print(struct out *o, const struct iol_popgroup *g,
			   size_t n, int by, int has_fw, int single);

#endif
