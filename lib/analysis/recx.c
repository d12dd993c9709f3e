/*
 * Where each module keeps the counters the analyses read (bytes, times,
 * operation counts, timestamps, size bins), and the extraction of those
 * essentials from one record.  Counters a log could not record are -1
 * there and are left out of sums.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/metrics.h"
#include "analysis/recx-int.h"
#include "base/grow.h"
#include "base/wrap.h"
#include "base/banned.h"

const char *const iol_bin_names[IOL_NBINS] = {
	"0-100", "100-1K", "1K-10K",   "10K-100K", "100K-1M",
	"1M-4M", "4M-10M", "10M-100M", "100M-1G",  "1G+",
};

const char *const iol_nodes_source_names[4] = {
	"unknown",
	"--nodes",
	"--procs-per-node",
	"DXT hostnames",
};

const char *const iol_tl_source_names[3] = {
	"none",
	"DXT",
	"Darshan timestamps",
};

static struct cix cixs[IOL_MOD_KNOWN];

static int idx(int mod, const char *suffix, int want_flt)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	const char *const *names = want_flt ? mi->fname : mi->iname;
	int i, n = want_flt ? mi->nflt : mi->nint;
	size_t sl = strlen(suffix);

	for (i = 0; i < n; i++) {
		size_t l = strlen(names[i]);
		const char *u = strchr(names[i], '_');

		/* match "<MODULE>_" + suffix exactly: the prefix is the
		 * module part of the name, which may itself hold '_' */
		if (l >= sl && strcmp(names[i] + l - sl, suffix) == 0 && u &&
		    (names[i][l - sl - 1] == '_'))
			return i;
	}
	return -1;
}

const struct cix *iol_cix(int mod)
{
	struct cix *c = &cixs[mod];

	if (c->ready)
		return c;
	memset(c, 0xff, sizeof(*c)); /* every index -1 */
	if (!iol_modinfo(mod) || !iol_modinfo(mod)->nint) {
		c->ready = 1;
		return c;
	}
	c->br = idx(mod, "BYTES_READ", 0);
	c->bw = idx(mod, "BYTES_WRITTEN", 0);
	c->maxr = idx(mod, "MAX_BYTE_READ", 0);
	c->maxw = idx(mod, "MAX_BYTE_WRITTEN", 0);
	c->tr = idx(mod, "F_READ_TIME", 1);
	c->tw = idx(mod, "F_WRITE_TIME", 1);
	c->tm = idx(mod, "F_META_TIME", 1);
	c->tslow = idx(mod, "F_SLOWEST_RANK_TIME", 1);
	switch (mod) {
	case IOL_MOD_MPIIO:
		c->reads[0] = idx(mod, "INDEP_READS", 0);
		c->reads[1] = idx(mod, "COLL_READS", 0);
		c->reads[2] = idx(mod, "SPLIT_READS", 0);
		c->reads[3] = idx(mod, "NB_READS", 0);
		c->writes[0] = idx(mod, "INDEP_WRITES", 0);
		c->writes[1] = idx(mod, "COLL_WRITES", 0);
		c->writes[2] = idx(mod, "SPLIT_WRITES", 0);
		c->writes[3] = idx(mod, "NB_WRITES", 0);
		c->opens[0] = idx(mod, "INDEP_OPENS", 0);
		c->opens[1] = idx(mod, "COLL_OPENS", 0);
		c->syncs[0] = idx(mod, "SYNCS", 0);
		break;
	case IOL_MOD_PNETCDF_VAR:
		c->reads[0] = idx(mod, "INDEP_READS", 0);
		c->reads[1] = idx(mod, "COLL_READS", 0);
		c->reads[2] = idx(mod, "NB_READS", 0);
		c->writes[0] = idx(mod, "INDEP_WRITES", 0);
		c->writes[1] = idx(mod, "COLL_WRITES", 0);
		c->writes[2] = idx(mod, "NB_WRITES", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		break;
	case IOL_MOD_DAOS:
		c->reads[0] = idx(mod, "ARRAY_READS", 0);
		c->writes[0] = idx(mod, "ARRAY_WRITES", 0);
		c->opens[0] = idx(mod, "OBJ_OPENS", 0);
		c->opens[1] = idx(mod, "ARRAY_OPENS", 0);
		c->opens[2] = idx(mod, "KV_OPENS", 0);
		c->stats = idx(mod, "ARRAY_STATS", 0);
		break;
	case IOL_MOD_DFS:
		c->reads[0] = idx(mod, "READS", 0);
		c->reads[1] = idx(mod, "READXS", 0);
		c->writes[0] = idx(mod, "WRITES", 0);
		c->writes[1] = idx(mod, "WRITEXS", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		c->stats = idx(mod, "STATS", 0);
		break;
	default:
		c->reads[0] = idx(mod, "READS", 0);
		c->writes[0] = idx(mod, "WRITES", 0);
		c->opens[0] = idx(mod, "OPENS", 0);
		c->seeks = idx(mod, "SEEKS", 0);
		c->stats = idx(mod, "STATS", 0);
		c->syncs[0] = idx(
			mod, mod == IOL_MOD_STDIO ? "FLUSHES" : "FSYNCS", 0);
		c->syncs[1] = idx(mod, "FDSYNCS", 0);
		if (mod == IOL_MOD_H5F || mod == IOL_MOD_H5D)
			c->syncs[0] = idx(mod, "FLUSHES", 0);
		break;
	}
	c->seqr = idx(mod, "SEQ_READS", 0);
	c->seqw = idx(mod, "SEQ_WRITES", 0);
	c->consr = idx(mod, "CONSEC_READS", 0);
	c->consw = idx(mod, "CONSEC_WRITES", 0);
	c->notal = idx(mod, "FILE_NOT_ALIGNED", 0);
	c->ostart = idx(mod, "F_OPEN_START_TIMESTAMP", 1);
	c->rstart = idx(mod, "F_READ_START_TIMESTAMP", 1);
	c->wstart = idx(mod, "F_WRITE_START_TIMESTAMP", 1);
	c->rend = idx(mod, "F_READ_END_TIMESTAMP", 1);
	c->wend = idx(mod, "F_WRITE_END_TIMESTAMP", 1);
	c->cend = idx(mod, "F_CLOSE_END_TIMESTAMP", 1);
	c->acc1 = idx(mod, "ACCESS1_ACCESS", 0);
	c->acc1c = idx(mod, "ACCESS1_COUNT", 0);
	c->bin_r = idx(mod, "SIZE_READ_0_100", 0);
	if (c->bin_r < 0)
		c->bin_r = idx(mod, "SIZE_READ_AGG_0_100", 0);
	c->bin_w = idx(mod, "SIZE_WRITE_0_100", 0);
	if (c->bin_w < 0)
		c->bin_w = idx(mod, "SIZE_WRITE_AGG_0_100", 0);
	c->ready = 1;
	return c;
}

static int64_t sumi(const struct iol_jrec *r, const int *ix, int n)
{
	int64_t s = -1;
	int k;

	for (k = 0; k < n; k++)
		if (ix[k] >= 0 && r->ic[ix[k]] >= 0)
			s = (s < 0 ? 0 : s) + r->ic[ix[k]];
	return s;
}

int iol_mod_is_data(int mod)
{
	const struct cix *c;

	if (mod < 0 || mod >= IOL_MOD_KNOWN)
		return 0;
	c = iol_cix(mod);
	return c->br >= 0 && c->bw >= 0;
}

void iol_rec_extract(int mod, const struct iol_jrec *r, struct iol_recx *x)
{
	const struct cix *c = iol_cix(mod);
	int64_t a, b;

	x->br = geti(r, c->br);
	x->bw = geti(r, c->bw);
	x->reads = sumi(r, c->reads, 4);
	x->writes = sumi(r, c->writes, 4);
	x->opens = sumi(r, c->opens, 3);
	x->seeks = geti(r, c->seeks);
	x->stats = geti(r, c->stats);
	x->syncs = sumi(r, c->syncs, 2);
	a = geti(r, c->seqr);
	b = geti(r, c->seqw);
	x->seq = (a >= 0 && b >= 0) ? a + b : -1;
	a = geti(r, c->consr);
	b = geti(r, c->consw);
	x->consec = (a >= 0 && b >= 0) ? a + b : -1;
	x->notaligned = geti(r, c->notal);
	a = geti(r, c->maxr);
	b = geti(r, c->maxw);
	x->maxoff = a > b ? a : b;
	x->tr = getf(r, c->tr);
	x->tw = getf(r, c->tw);
	x->tm = getf(r, c->tm);
	x->tslow = getf(r, c->tslow);
	x->ostart = getf(r, c->ostart);
	x->rstart = getf(r, c->rstart);
	x->wstart = getf(r, c->wstart);
	x->rend = getf(r, c->rend);
	x->wend = getf(r, c->wend);
	x->cend = getf(r, c->cend);
	x->first = -1;
	x->first = tsmin(x->first, x->ostart);
	x->first = tsmin(x->first, x->rstart);
	x->first = tsmin(x->first, x->wstart);
	x->last = -1;
	x->last = tsmax(x->last, x->rend);
	x->last = tsmax(x->last, x->wend);
	x->last = tsmax(x->last, x->cend);
	x->access1 = geti(r, c->acc1);
	x->access1_count = geti(r, c->acc1c);
}
