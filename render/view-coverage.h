/*
 * The views of iolens coverage (render/view-coverage.c).
 */
#ifndef IOLENS_VIEW_COVERAGE_H
#define IOLENS_VIEW_COVERAGE_H

#include "population/popdb.h"
#include "render/view.h"

extern const struct iol_view iol_view_coverage, iol_view_coverage_apis;
/* Table II and the APIs for people; for the machine formats the projects,
 * or the APIs with apis_only (--apis). */
void iol_view_coverage_print(struct out *o, const struct iol_popcov_all *c,
			     int apis_only);

#endif
