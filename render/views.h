/*
 * Every command's views (view.h) and the functions that print a
 * command's rows through them: the one place a table's columns are
 * written down.  Each view lives in render/view-<cmd>.c; the registry
 * of them all is render/views.c.
 *
 * Ownership: the printers borrow what they are given.
 */
#ifndef IOLENS_VIEWS_H
#define IOLENS_VIEWS_H

#include <stddef.h>

#include "render/view.h"
#include "render/obuf.h"

struct iol_popvar;

/* variance: Table IV of Carns et al. */
extern const struct iol_view iol_view_variance;
void iol_view_variance_print(struct out *o, const struct iol_popvar *v,
			     size_t n);

/* The columns of cmd's views for `iolens help --columns`: a table for
 * people, or (mdoc) the man page's "Columns" subsection.  Returns how
 * many views cmd has. */
int iol_views_describe(struct obuf *ob, const char *cmd, int mdoc);

#endif
