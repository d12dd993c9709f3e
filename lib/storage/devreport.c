/*
 * The analysis of `iolens iostat` (devreport.h): read, bin, and the
 * numbers of each device and of all.  Owner: lib/storage.
 */
#include <stdlib.h>

#include "storage/devreport.h"
#include "base/banned.h"

int iol_devreport_read(struct iol_devreport *r, const char *path, int lenient,
		       int *fmt, struct iol_error *err)
{
	int rc = iol_devset_read(&r->ds, path, lenient, fmt, err);

	if (rc < 0)
		return rc;
	if (!r->fmt)
		r->fmt = *fmt;
	else if (r->fmt != *fmt)
		r->mixed = 1;
	return 0;
}

const char *iol_devreport_fmtname(const struct iol_devreport *r)
{
	return r->mixed ? "mixed formats" : iol_devfmt_name(r->fmt);
}

int iol_devreport_analyse(struct iol_devreport *r, double step,
			  double idle_frac, double burst_frac, double min_idle,
			  struct iol_error *err)
{
	int rc = iol_devset_finish(&r->ds, err);
	size_t d;

	if (rc == 0 && !r->ds.ndev)
		rc = iol_error_set(err, IOL_EEMPTY,
				   "no device moved a byte in the recording");
	if (rc == 0)
		rc = iol_devset_bin(&r->ds, step, &r->b, err);
	if (rc < 0)
		return rc;
	r->st = calloc(r->b.ndev + 1, sizeof(*r->st));
	if (!r->st)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (d = 0; d <= r->b.ndev; d++)
		if (iol_devstats_compute(&r->b, d, idle_frac, burst_frac,
					 min_idle, &r->st[d]) < 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

size_t iol_devreport_rows(const struct iol_devreport *r)
{
	return r->b.ndev > 1 ? r->b.ndev + 1 : r->b.ndev;
}

void iol_devreport_release(struct iol_devreport *r)
{
	size_t d;

	if (r->st)
		for (d = 0; d <= r->b.ndev; d++)
			iol_devstats_release(&r->st[d]);
	free(r->st);
	iol_binned_release(&r->b);
	iol_devset_release(&r->ds);
}
