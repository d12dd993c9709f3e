/*
 * The replay profile (Pianola's Figures 6 and 7): cumulative I/O time
 * against elapsed time, the original and the replay overlaid, as a
 * one-page PDF in the report's fonts.
 */
#ifndef IOLENS_PROFILE_H
#define IOLENS_PROFILE_H

#include <stdint.h>

#include "replay/engine.h"

/* Write the PDF to path (a temporary renamed into place), stamped with
 * date (epoch seconds) so the same numbers give the same bytes.  Returns
 * 0, or -1 with errno set. */
int profile_pdf(const char *path, const struct iol_rprofile *orig,
		const struct iol_rprofile *rep, const char *title,
		int64_t date);

#endif
