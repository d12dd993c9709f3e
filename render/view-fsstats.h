/*
 * The tables and text of `iolens fsstats` (render/view-fsstats.c).
 *
 * Ownership: everything is the caller's and borrowed for the call.
 */
#ifndef IOLENS_VIEW_FSSTATS_H
#define IOLENS_VIEW_FSSTATS_H

#include "render/output.h"
#include "storage/fswalk.h"

/* The walk of roots: the text report (text, hist 0), the summary row
 * (machine formats, hist 0) or histogram hist (IOL_FSH_*); nthreads for
 * the text's first line. */
void view_fsstats(struct out *o, const struct iol_fsstats *st,
		  const char *const *roots, int nroots, int hist, int nthreads);
/* Snapshot a (old) beside b (new): counts, their change and the size
 * bins either holds. */
void view_fsstats_compare(struct out *o, const struct iol_fsstats *a,
			  const struct iol_fsstats *b);
/* The snapshot st as the file path (out_write_stream(): a temporary
 * renamed when complete): 0, or -1 with errno. */
int view_fsstats_save(const char *path, const struct iol_fsstats *st);

#endif
