/*
 * Darshan log decoding: header, regions, job record, names, mounts and the
 * records of every module darshan-util reads.  The facts come from
 * shared/FORMAT.md; where darshan-util 3.5.0 is wrong (FORMAT.md section 11:
 * unswapped doubles in big-endian POSIX v1/v3 logs, an unswapped partial
 * flag, the PnetCDF open sum taken before swapping, the heatmap padding
 * path) this decoder does the right thing instead.
 *
 * Every length and count read from the file is checked against the bytes
 * that can back it before it is used, so damaged input ends in an IOL_E*
 * code, not in a crash or an unbounded allocation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bzlib.h>
#include <zlib.h>

#include "counters/counters.h"
#include "sources/darshan.h"
#include "sources/zfast.h"
#include "base/grow.h"
#include "base/hash.h"
#include "base/wrap.h"
#include "base/banned.h"

#define DARSHAN_MAGIC 6567223
#define HDR_341 1328
#define HDR_300 360
#define JOB_BUF 4096

/* Bounds on variable-size records, far above anything a runtime writes. */
#define MAX_LUSTRE_COMPS 4096
#define MAX_LUSTRE_STRIPES (1 << 20)
#define MAX_HEATMAP_BINS (1 << 22)
#define MAX_MDHIM_SERVERS (1 << 20)
#define MAX_REGION (1ULL << 48)

static inline uint64_t bswap64(uint64_t v)
{
	return __builtin_bswap64(v);
}

static inline uint64_t ld_u64(const uint8_t *p, int swap)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return swap ? bswap64(v) : v;
}

static inline int64_t ld_i64(const uint8_t *p, int swap)
{
	return (int64_t)ld_u64(p, swap);
}

static inline double ld_dbl(const uint8_t *p, int swap)
{
	uint64_t v = ld_u64(p, swap);
	double d;

	memcpy(&d, &v, 8);
	return d;
}

static inline uint32_t ld_u32(const uint8_t *p, int swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return swap ? __builtin_bswap32(v) : v;
}

/* ---- name table: the names in log order, indexed by record id ---- */

struct name_ent {
	uint64_t id;
	char *name;
};

struct iol_dlog_priv {
	const uint8_t *map;
	size_t size;
	int mapped;    /* munmap on close, else free */
	int owned;     /* we allocated or mapped map */
	char *jobtext; /* job region bytes after the fixed part */
	char *metadata;
	char *exe;
	struct iol_mount *mounts;
	char *mountbuf;
	struct name_ent *names; /* d->nnames of them, in log order */
	size_t namecap;
	struct iol_index nix; /* record id -> position in names */
	char **strblocks;     /* name storage */
	size_t nblocks, blockcap;
	char *strcur;
	size_t strleft;
};

/* ---- region reader ---- */

struct zin {
	const uint8_t *src;
	size_t len, pos;
	int comp;
	int active; /* a decoder stream is initialised */
	int done;   /* all input consumed and last stream ended */
	int tried;  /* libdeflate was asked for the whole region */
	int ldoff;  /* libdeflate refused a stream: zlib from there on */
	z_stream z;
	bz_stream bz;
	uint8_t *buf;
	size_t cap, head, tail;
	uint64_t total;		  /* bytes produced so far */
	uint64_t limit;		  /* refuse to produce more than this */
	const uint8_t *drop_base; /* mapped file: release consumed pages */
	size_t dropped;		  /* bytes of src already released */
};

/*
 * Consumed input of a mapped file is handed back to the kernel so that the
 * resident size stays flat however large the log is; a later read of the
 * same bytes (a rewind) faults them in again from the page cache.
 */
static void zin_drop(struct zin *r)
{
	uintptr_t start, end;
	long pg = 4096;

	if (!r->drop_base || r->pos - r->dropped < (1u << 20))
		return;
	start = ((uintptr_t)(r->src + r->dropped) + pg - 1) &
		~(uintptr_t)(pg - 1);
	end = (uintptr_t)(r->src + r->pos) & ~(uintptr_t)(pg - 1);
	if (end > start)
		madvise((void *)start, end - start, MADV_DONTNEED);
	r->dropped = r->pos;
}

static int zin_init(struct zin *r, const uint8_t *src, size_t len, int comp)
{
	memset(r, 0, sizeof(*r));
	r->src = src;
	r->len = len;
	r->comp = comp;
	r->buf = iol_zfast_take(1 << 16, &r->cap);
	if (!r->buf)
		return IOL_ENOMEM;
	/* zlib's and bzip2's best ratios are about 1032:1 and 46:1 x 1000s;
	 * anything beyond this is a decompression bomb, not a log. */
	r->limit = (uint64_t)len * 2048 + (1 << 20);
	if (len == 0)
		r->done = 1;
	return 0;
}

static void zin_end(struct zin *r)
{
	if (r->active) {
		if (r->comp == IOL_COMP_ZLIB)
			inflateEnd(&r->z);
		else if (r->comp == IOL_COMP_BZIP2)
			BZ2_bzDecompressEnd(&r->bz);
	}
	r->active = 0;
	iol_zfast_give(r->buf, r->cap);
	r->buf = NULL;
}

/* The 64 MiB a small region may inflate to in one piece; past that (or
 * past the bomb limit) zlib streams it. */
#define ZFAST_MAX_OUT ((size_t)64 << 20)

/* A small zlib region, not yet started, inflated whole by libdeflate:
 * 1 done (buf holds it all), 0 left to zlib. */
static int zin_whole(struct zin *r)
{
	size_t max = ZFAST_MAX_OUT;
	size_t n;

	/* a bomb or a cut stream must not cost more than zlib would hold:
	 * past 32:1 (counters shrink about 10:1) zlib streams it */
	if (r->limit < max)
		max = (size_t)r->limit;
	if (r->len <= max / 32)
		max = r->len * 32 + (1u << 16);
	r->tried = 1;
	if (r->active || r->pos || r->tail || r->len > IOL_ZFAST_MAX_IN)
		return 0;
	if (iol_zfast_inflate(r->src, r->len, max, &r->buf, &r->cap, &n) < 0) {
		r->ldoff = 1;
		/* zlib streams it in the 64 KiB it started with: the room
		 * libdeflate grew for a region past 32:1 (a cut one claiming
		 * 200 MB of zeros) is not kept to be filled */
		if (r->cap > (1u << 16)) {
			uint8_t *nb = realloc(r->buf, 1u << 16);

			if (nb) {
				r->buf = nb;
				r->cap = 1u << 16;
			}
		}
		return 0;
	}
	r->head = 0;
	r->tail = n;
	r->pos = r->len;
	r->done = 1;
	return 1;
}

/*
 * The next stream of a large zlib region (one per rank) inflated whole by
 * libdeflate, after what buf holds: 1 done, 0 left to zlib (from this
 * stream on).  The buffer grows to the largest stream, at most 64 MiB;
 * zlib streaming half the time of parse --dxt was inflate and adler32.
 */
static int zin_stream(struct zin *r)
{
	size_t rem = r->len - r->pos, keep = r->tail - r->head, in, out;
	uint64_t left = r->limit > r->total ? r->limit - r->total : 0;
	size_t most = left < ZFAST_MAX_OUT ? (size_t)left : ZFAST_MAX_OUT;
	size_t want, held;
	int k, res;

	/* past 16:1 (DXT segments shrink about 5:1) zlib streams it: a cut
	 * or forged region claiming 200 MB of zeros is not held */
	if (rem <= most / 16)
		most = rem * 16;
	want = rem < most / 4 ? rem * 4 : most;

	if (want < (1u << 16))
		want = most < (1u << 16) ? most : (1u << 16);
	if (r->head) {
		memmove(r->buf, r->buf + r->head, keep);
		r->head = 0;
		r->tail = keep;
	}
	for (k = 0; k < 2 && want; k++) {
		if (r->cap - r->tail < want) {
			uint8_t *nb = realloc(r->buf, r->tail + want);

			if (!nb)
				break;
			r->buf = nb;
			r->cap = r->tail + want;
		}
		res = iol_zfast_stream(r->src + r->pos, rem, r->buf + r->tail,
				       r->cap - r->tail, &in, &out);
		if (res == 0) {
			r->pos += in;
			r->tail += out;
			r->done = r->pos == r->len;
			return 1;
		}
		if (res < 0 || want >= most)
			break;
		want = most;
	}
	r->ldoff = 1;
	/* zlib needs no more room than it had */
	held = r->tail > (1u << 16) ? r->tail : (1u << 16);
	if (r->cap > held) {
		uint8_t *nb = realloc(r->buf, held);

		if (nb) {
			r->buf = nb;
			r->cap = held;
		}
	}
	return 0;
}

/* Produce more bytes into buf[tail..cap).  0 ok, <0 error. */
static int zin_produce(struct zin *r, struct iol_error *err)
{
	size_t room = r->cap - r->tail;
	size_t inleft = r->len - r->pos;

	if (r->done)
		return 0;
	if (r->comp == IOL_COMP_NONE) {
		size_t n = inleft < room ? inleft : room;

		memcpy(r->buf + r->tail, r->src + r->pos, n);
		r->pos += n;
		r->tail += n;
		if (r->pos == r->len)
			r->done = 1;
		return 0;
	}
	if (r->comp == IOL_COMP_ZLIB) {
		int ret;

		if (!r->tried && zin_whole(r))
			return 0;
		if (!r->active && !r->ldoff && zin_stream(r))
			return 0;
		if (!r->active) {
			memset(&r->z, 0, sizeof(r->z));
			if (inflateInit(&r->z) != Z_OK)
				return iol_error_set(err, IOL_ENOMEM,
						     "cannot start zlib");
			r->active = 1;
		}
		/* zin_stream() may have moved what is held to the front
		 * and shrunk the buffer: room as it is now */
		room = r->cap - r->tail;
		inleft = r->len - r->pos;
		r->z.next_in = (Bytef *)(r->src + r->pos);
		r->z.avail_in = inleft > UINT_MAX ? UINT_MAX : (uInt)inleft;
		r->z.next_out = r->buf + r->tail;
		r->z.avail_out = room > UINT_MAX ? UINT_MAX : (uInt)room;
		ret = inflate(&r->z, Z_NO_FLUSH);
		r->pos = (const uint8_t *)r->z.next_in - r->src;
		r->tail = r->z.next_out - r->buf;
		if (ret == Z_STREAM_END) {
			/* regions are concatenations of per-rank streams */
			if (r->pos < r->len)
				inflateReset(&r->z);
			else
				r->done = 1;
			return 0;
		}
		if (ret == Z_OK)
			return 0;
		if (ret == Z_BUF_ERROR && r->pos == r->len)
			return iol_error_set(err, IOL_ECOMPRESS,
					     "zlib stream ends early");
		return iol_error_set(err, IOL_ECOMPRESS, "bad zlib stream%s%s",
				     r->z.msg ? ": " : "",
				     r->z.msg ? r->z.msg : "");
	}
	if (r->comp == IOL_COMP_BZIP2) {
		int ret;

		if (!r->active) {
			memset(&r->bz, 0, sizeof(r->bz));
			if (BZ2_bzDecompressInit(&r->bz, 0, 0) != BZ_OK)
				return iol_error_set(err, IOL_ENOMEM,
						     "cannot start bzip2");
			r->active = 1;
		}
		r->bz.next_in = (char *)(r->src + r->pos);
		r->bz.avail_in =
			inleft > UINT_MAX ? UINT_MAX : (unsigned)inleft;
		r->bz.next_out = (char *)(r->buf + r->tail);
		r->bz.avail_out = room > UINT_MAX ? UINT_MAX : (unsigned)room;
		ret = BZ2_bzDecompress(&r->bz);
		r->pos = (const uint8_t *)r->bz.next_in - r->src;
		r->tail = (uint8_t *)r->bz.next_out - r->buf;
		if (ret == BZ_STREAM_END) {
			BZ2_bzDecompressEnd(&r->bz);
			r->active = 0;
			if (r->pos >= r->len)
				r->done = 1;
			return 0;
		}
		if (ret == BZ_OK) {
			if (r->pos == r->len && r->bz.avail_out > 0)
				return iol_error_set(err, IOL_ECOMPRESS,
						     "bzip2 stream ends early");
			return 0;
		}
		return iol_error_set(err, IOL_ECOMPRESS,
				     "bad bzip2 stream (error %d)", ret);
	}
	return iol_error_set(err, IOL_ECORRUPT, "unknown compression type %d",
			     r->comp);
}

/*
 * Make n contiguous bytes available at buf+head.  Returns the number of
 * bytes available (less than n only at the end of the region) or < 0.
 */
static long zin_need(struct zin *r, size_t n, struct iol_error *err)
{
	while (r->tail - r->head < n) {
		size_t before;
		int ret;

		if (r->done)
			break;
		if (r->head > 0 &&
		    (r->cap - r->tail < (1 << 16) || r->cap - r->head < n)) {
			memmove(r->buf, r->buf + r->head, r->tail - r->head);
			r->tail -= r->head;
			r->head = 0;
		}
		if (r->cap - r->head < n || r->cap == r->tail) {
			size_t ncap = r->cap * 2;
			uint8_t *nb;

			while (ncap - r->head < n)
				ncap *= 2;
			nb = realloc(r->buf, ncap);
			if (!nb)
				return iol_error_set(err, IOL_ENOMEM,
						     "cannot buffer %zu bytes",
						     n);
			r->buf = nb;
			r->cap = ncap;
		}
		/* produce may move what is held to the front */
		before = r->tail - r->head;
		ret = zin_produce(r, err);
		if (ret < 0)
			return ret;
		zin_drop(r);
		r->total += r->tail - r->head - before;
		if (r->total > r->limit)
			return iol_error_set(
				err, IOL_ECORRUPT,
				"region inflates beyond any sane size");
	}
	return (long)((r->tail - r->head) < n ? (r->tail - r->head) : n);
}

static inline const uint8_t *zin_ptr(struct zin *r)
{
	return r->buf + r->head;
}
static inline void zin_skip(struct zin *r, size_t n)
{
	r->head += n;
}

/* ---- header ---- */
static const char *region_name(int i)
{
	const struct iol_modinfo *mi = iol_modinfo(i);

	return mi ? mi->name : "unknown";
}

/*
 * A log cut short (a full quota, an interrupted copy) keeps its header,
 * whose table still names every region at its full length: the regions
 * the file ends in or before are lost, the ones before them are intact.
 * The runtime writes the regions back to back (name table, then modules
 * in id order), so a cut is told from a damaged table by that layout:
 * only a table whose regions tile the file from the name table on, with
 * none overlapping, may run past the end of the file.  (Module ids are
 * not checked against the order: darshan-util itself reads regions by
 * their offsets.)
 */
static int regions_tile(const struct iol_dlog *d)
{
	const struct iol_region *r[IOL_MOD_MAX + 1];
	int n = 0, i, j, last = -1;

	if (d->name_map.len)
		r[n++] = &d->name_map;
	for (i = 0; i < IOL_MOD_MAX; i++)
		if (d->mod_map[i].len)
			r[n++] = &d->mod_map[i];
	for (i = 0; i < n; i++) {
		/* the name table comes first, right after the job region */
		if (r[i]->off < d->hdr_size ||
		    (d->name_map.len && r[i]->off < d->name_map.off))
			return 0;
		if (last < 0 || r[i]->off > r[last]->off)
			last = i;
	}
	/* each region but the last is followed by exactly one that starts
	 * where it ends (offsets compared by difference: no overflow) */
	for (i = 0; i < n; i++) {
		int next = 0;

		for (j = 0; j < n; j++) {
			if (j != i && r[j]->off == r[i]->off)
				return 0;
			if (r[j]->off > r[i]->off &&
			    r[j]->off - r[i]->off == r[i]->len)
				next++;
		}
		if (i != last && next != 1)
			return 0;
	}
	return 1;
}

/* Bytes of a region the file holds (less than its length when cut). */
uint64_t iol_dlog_region_have(const struct iol_dlog *d,
			      const struct iol_region *m)
{
	if (m->off >= d->file_size)
		return 0;
	return m->len < d->file_size - m->off ? m->len : d->file_size - m->off;
}

char *iol_dlog_lost_text(const struct iol_dlog *d, char *buf, size_t n)
{
	uint64_t have[IOL_MOD_MAX], len[IOL_MOD_MAX];
	int i;

	for (i = 0; i < IOL_MOD_MAX; i++) {
		have[i] = iol_dlog_region_have(d, &d->mod_map[i]);
		len[i] = d->mod_map[i].len;
	}
	return iol_lost_text(buf, n, d->cut, have, len);
}

/* Check every region's bounds; mark the modules a cut lost in d->cut. */
static int cut_regions(struct iol_dlog *d, size_t size, struct iol_error *err)
{
	int i, tile = -1;

	if (d->name_map.len && (d->name_map.off > size ||
				d->name_map.len > size - d->name_map.off)) {
		if (d->name_map.off >= size && regions_tile(d))
			return iol_error_set(
				err, IOL_ETRUNC,
				"cut in its job region (%zu of %llu bytes): "
				"nothing intact to read",
				size - d->hdr_size,
				(unsigned long long)(d->name_map.off -
						     d->hdr_size));
		if (d->name_map.off >= d->hdr_size && regions_tile(d))
			return iol_error_set(
				err, IOL_ETRUNC,
				"cut in its name table (%llu of %llu "
				"bytes): nothing intact to read",
				(unsigned long long)iol_dlog_region_have(
					d, &d->name_map),
				(unsigned long long)d->name_map.len);
		return iol_error_set(err, IOL_ETRUNC,
				     "name region (bytes %llu+%llu) lies "
				     "outside the %zu-byte file",
				     (unsigned long long)d->name_map.off,
				     (unsigned long long)d->name_map.len, size);
	}
	for (i = 0; i < IOL_MOD_MAX; i++) {
		const struct iol_region *m = &d->mod_map[i];

		if (!m->len)
			continue;
		if (m->off >= d->hdr_size && m->off <= size &&
		    m->len <= size - m->off)
			continue;
		if (tile < 0)
			tile = m->off >= d->hdr_size && regions_tile(d);
		/* no runtime writes a region of 256 TiB: a length beyond
		 * that is damage, not the length of a region cut off */
		if (!tile || m->len > MAX_REGION)
			return iol_error_set(err, IOL_ETRUNC,
					     "%s region (bytes %llu+%llu) lies "
					     "outside the %zu-byte file",
					     region_name(i),
					     (unsigned long long)m->off,
					     (unsigned long long)m->len, size);
		d->cut |= 1ULL << i;
	}
	return 0;
}

static int parse_version(const char *s, int *maj, int *min)
{
	char *end;
	long a, b;

	if (s[0] < '0' || s[0] > '9')
		return -1;
	a = strtol(s, &end, 10);
	if (*end != '.')
		return -1;
	b = strtol(end + 1, &end, 10);
	*maj = (int)a;
	*min = (int)b;
	return 0;
}

int iol_dlog_sniff(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint64_t m;

	if (len < 16)
		return 0;
	memcpy(&m, p + 8, 8);
	return m == DARSHAN_MAGIC || bswap64(m) == DARSHAN_MAGIC;
}

static int read_header(struct iol_dlog *d, struct iol_error *err)
{
	const uint8_t *p = d->priv->map;
	size_t size = d->priv->size;
	uint64_t magic;
	int i, nslots, ret;
	uint64_t first_mod = 0;

	if (size == 0)
		return iol_error_set(err, IOL_EEMPTY, "empty file");
	if (size < 16)
		return iol_error_set(
			err, IOL_ENOTLOG,
			"too short to be a Darshan log (%zu bytes)", size);
	memcpy(&magic, p + 8, 8);
	if (magic == DARSHAN_MAGIC)
		d->swapped = 0;
	else if (bswap64(magic) == DARSHAN_MAGIC)
		d->swapped = 1;
	else
		return iol_error_set(err, IOL_ENOTLOG,
				     "not a Darshan log (bad magic number)");
	memcpy(d->version, p, 8);
	d->version[8] = '\0';
	if (parse_version(d->version, &d->vmajor, &d->vminor) < 0 ||
	    d->vmajor != 3 ||
	    (d->vminor != 0 && d->vminor != 10 && d->vminor != 20 &&
	     d->vminor != 21 && d->vminor != 41)) {
		char clean[9];

		for (i = 0; i < 8 && d->version[i]; i++)
			clean[i] = (d->version[i] >= 32 && d->version[i] < 127)
					   ? d->version[i]
					   : '?';
		clean[i] = '\0';
		return iol_error_set(err, IOL_EVERSION,
				     "unsupported log format version '%s'",
				     clean);
	}
	d->hdr_size = d->vminor >= 41 ? HDR_341 : HDR_300;
	if (size < d->hdr_size)
		return iol_error_set(
			err, IOL_ETRUNC,
			"file ends inside the header (%zu of %zu bytes)", size,
			d->hdr_size);
	d->comp = p[16];
	if (d->comp > IOL_COMP_NONE)
		return iol_error_set(err, IOL_ECORRUPT,
				     "unknown compression type %d", d->comp);
	if (d->vminor >= 41) {
		d->partial = ld_u64(p + 24, d->swapped);
		d->name_map.off = ld_u64(p + 32, d->swapped);
		d->name_map.len = ld_u64(p + 40, d->swapped);
		nslots = IOL_MOD_MAX;
		for (i = 0; i < nslots; i++) {
			d->mod_map[i].off = ld_u64(p + 48 + 16 * i, d->swapped);
			d->mod_map[i].len = ld_u64(p + 56 + 16 * i, d->swapped);
			d->mod_ver[i] = ld_u32(p + 1072 + 4 * i, d->swapped);
		}
	} else {
		d->partial = ld_u32(p + 20, d->swapped);
		d->name_map.off = ld_u64(p + 24, d->swapped);
		d->name_map.len = ld_u64(p + 32, d->swapped);
		nslots = 16;
		for (i = 0; i < nslots; i++) {
			d->mod_map[i].off = ld_u64(p + 40 + 16 * i, d->swapped);
			d->mod_map[i].len = ld_u64(p + 48 + 16 * i, d->swapped);
			d->mod_ver[i] = ld_u32(p + 296 + 4 * i, d->swapped);
		}
	}
	/* Old logs number modules differently (FORMAT.md 2.4): insert the
	 * H5D slot (before 3.20) and the PNETCDF_VAR slot (before 3.41). */
	if (d->vminor < 20) {
		memmove(&d->mod_map[5], &d->mod_map[4],
			59 * sizeof(d->mod_map[0]));
		memmove(&d->mod_ver[5], &d->mod_ver[4],
			59 * sizeof(d->mod_ver[0]));
		memset(&d->mod_map[4], 0, sizeof(d->mod_map[0]));
		d->mod_ver[4] = 0;
		d->partial = (d->partial & 0xf) | ((d->partial & ~0xfULL) << 1);
	}
	if (d->vminor < 41) {
		memmove(&d->mod_map[7], &d->mod_map[6],
			57 * sizeof(d->mod_map[0]));
		memmove(&d->mod_ver[7], &d->mod_ver[6],
			57 * sizeof(d->mod_ver[0]));
		memset(&d->mod_map[6], 0, sizeof(d->mod_map[0]));
		d->mod_ver[6] = 0;
		d->partial =
			(d->partial & 0x3f) | ((d->partial & ~0x3fULL) << 1);
	}

	/* every region must lie inside the file, or be one that a log cut
	 * short lost (cut_regions()) */
	if ((ret = cut_regions(d, size, err)) < 0)
		return ret;
	for (i = 0; i < IOL_MOD_MAX; i++) {
		const struct iol_region *m = &d->mod_map[i];

		if (m->len && (!first_mod || m->off < first_mod))
			first_mod = m->off;
	}
	d->job_map.off = d->hdr_size;
	if (d->name_map.off)
		d->job_map.len = d->name_map.off - d->hdr_size;
	else if (first_mod)
		d->job_map.len = first_mod - d->hdr_size;
	else
		d->job_map.len = size - d->hdr_size;
	if (d->name_map.off && d->name_map.off < d->hdr_size)
		return iol_error_set(err, IOL_ECORRUPT,
				     "bad name region offset");
	if (d->job_map.len == 0)
		return iol_error_set(err, IOL_ETRUNC, "no job region");
	if (d->job_map.len > size - d->hdr_size)
		return iol_error_set(err, IOL_ETRUNC,
				     "cut in its job region (%zu of "
				     "%llu bytes): nothing intact to read",
				     size - d->hdr_size,
				     (unsigned long long)d->job_map.len);
	return 0;
}

/* ---- job region ---- */

static int read_job(struct iol_dlog *d, struct iol_error *err)
{
	struct iol_dlog_priv *pv = d->priv;
	struct zin z;
	uint8_t buf[JOB_BUF];
	size_t fixed = d->vminor >= 41 ? 1080 : 1064;
	size_t got, textoff, textlen;
	const uint8_t *p;
	long n;
	int ret;

	ret = zin_init(&z, pv->map + d->job_map.off, d->job_map.len, d->comp);
	if (ret < 0)
		return iol_error_set(err, ret, "out of memory");
	n = zin_need(&z, JOB_BUF, err);
	if (n < 0) {
		zin_end(&z);
		if (!err || !err->msg[0]) /* err is optional */
			iol_error_set(err, (int)n, "job region");
		return (int)n;
	}
	got = (size_t)n;
	memset(buf, 0, sizeof(buf));
	memcpy(buf, zin_ptr(&z), got);
	zin_end(&z);
	if (got <= 1080)
		return iol_error_set(err, IOL_ECORRUPT,
				     "job region too short (%zu bytes)", got);
	p = buf;
	d->uid = ld_i64(p, d->swapped);
	d->start_sec = ld_i64(p + 8, d->swapped);
	if (d->vminor >= 41) {
		d->start_nsec = ld_i64(p + 16, d->swapped);
		d->end_sec = ld_i64(p + 24, d->swapped);
		d->end_nsec = ld_i64(p + 32, d->swapped);
		d->nprocs = ld_i64(p + 40, d->swapped);
		d->jobid = ld_i64(p + 48, d->swapped);
		p += 56;
	} else {
		d->end_sec = ld_i64(p + 16, d->swapped);
		d->nprocs = ld_i64(p + 24, d->swapped);
		d->jobid = ld_i64(p + 32, d->swapped);
		p += 40;
	}
	if (d->nprocs < 0 || d->nprocs > (1LL << 24))
		return iol_error_set(err, IOL_ECORRUPT,
				     "impossible process count %lld",
				     (long long)d->nprocs);
	pv->metadata = strndup((const char *)p, 1023);
	if (!pv->metadata)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	d->metadata = pv->metadata;
	textoff = fixed;
	textlen = strnlen((const char *)buf + textoff, JOB_BUF - textoff);
	pv->jobtext = strndup((const char *)buf + textoff, textlen);
	if (!pv->jobtext)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	return 0;
}

static int mount_cmp_stable(const void *a, const void *b)
{
	const struct iol_mount *x = a, *y = b;

	if (x->pathlen != y->pathlen)
		return x->pathlen < y->pathlen ? 1 : -1;
	/* keep the on-disk order: the type field temporarily holds it */
	return x->type < y->type ? -1 : (x->type > y->type);
}

/*
 * exe = text before the first newline; every later newline starts a mount
 * entry read like sscanf("%s\t%s"): two whitespace-separated tokens.
 */
static int read_mounts(struct iol_dlog *d, struct iol_error *err)
{
	struct iol_dlog_priv *pv = d->priv;
	const char *t = pv->jobtext, *nl, *q;
	size_t count = 0, i, k, cap;
	char *out;

	nl = strchr(t, '\n');
	pv->exe = strndup(t, nl ? (size_t)(nl - t) : strlen(t));
	if (!pv->exe)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	d->exe = pv->exe;
	for (q = t; (q = strchr(q, '\n')); q++)
		count++;
	if (!count)
		return 0;
	pv->mounts = calloc(count, sizeof(*pv->mounts));
	cap = strlen(t) * 2 + 2;
	pv->mountbuf = malloc(cap);
	if (!pv->mounts || !pv->mountbuf)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	out = pv->mountbuf;
	for (i = 0, q = t; (q = strchr(q, '\n')); i++) {
		const char *tok[2];
		size_t len[2];

		q++;
		const char *s = q;
		for (k = 0; k < 2; k++) {
			while (*s == ' ' || *s == '\t' || *s == '\n' ||
			       *s == '\r' || *s == '\v' || *s == '\f')
				s++;
			tok[k] = s;
			while (*s && !(*s == ' ' || *s == '\t' || *s == '\n' ||
				       *s == '\r' || *s == '\v' || *s == '\f'))
				s++;
			len[k] = s - tok[k];
			if (!len[k])
				return iol_error_set(
					err, IOL_ECORRUPT,
					"poorly formatted mount table");
		}
		/* tokens may run over empty lines into the next ones (as
		 * sscanf's would), so a damaged table can ask for more than
		 * the text holds: refuse it (found by make fuzz) */
		if (len[0] + len[1] + 2 > cap - (size_t)(out - pv->mountbuf))
			return iol_error_set(err, IOL_ECORRUPT,
					     "poorly formatted mount table");
		memcpy(out, tok[0], len[0]);
		out[len[0]] = '\0';
		pv->mounts[i].type = out;
		out += len[0] + 1;
		memcpy(out, tok[1], len[1]);
		out[len[1]] = '\0';
		pv->mounts[i].path = out;
		pv->mounts[i].pathlen = len[1];
		out += len[1] + 1;
	}
	/* stable sort by descending path length: sort index pairs */
	{
		const char **types = malloc(count * sizeof(*types));

		if (!types)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		for (i = 0; i < count; i++) {
			types[i] = pv->mounts[i].type;
			pv->mounts[i].type = (const char *)(uintptr_t)i;
		}
		qsort(pv->mounts, count, sizeof(*pv->mounts), mount_cmp_stable);
		for (i = 0; i < count; i++)
			pv->mounts[i].type =
				types[(uintptr_t)pv->mounts[i].type];
		free(types);
	}
	d->mounts = pv->mounts;
	d->nmounts = (int)count;
	return 0;
}

/* ---- names ---- */

static char *name_store(struct iol_dlog_priv *pv, const char *s, size_t n)
{
	char *r;

	if (pv->strleft < n + 1) {
		size_t bs = n + 1 > (1 << 16) ? n + 1 : (1 << 16);

		char **nb = iol_grow(pv->strblocks, &pv->blockcap, pv->nblocks,
				     sizeof(*nb), 16);

		if (!nb)
			return NULL;
		pv->strblocks = nb;
		pv->strcur = malloc(bs);
		if (!pv->strcur)
			return NULL;
		pv->strblocks[pv->nblocks++] = pv->strcur;
		pv->strleft = bs;
	}
	r = pv->strcur;
	memcpy(r, s, n);
	r[n] = '\0';
	pv->strcur += n + 1;
	pv->strleft -= n + 1;
	return r;
}

/* the key of a lookup: the table and the id sought */
struct name_key {
	const struct iol_dlog_priv *pv;
	uint64_t id;
};

static int name_eq(const void *ctx, uint32_t i)
{
	const struct name_key *k = ctx;

	return k->pv->names[i].id == k->id;
}

static uint64_t name_hash(const void *ctx, uint32_t i)
{
	const struct name_key *k = ctx;

	return k->pv->names[i].id;
}

static struct name_ent *name_find(const struct iol_dlog_priv *pv, uint64_t id)
{
	struct name_key k = {pv, id};
	uint32_t *slot;

	if (!pv->nix.slot)
		return NULL;
	slot = iol_index_slot(&pv->nix, id, name_eq, &k);
	return *slot == IOL_INDEX_EMPTY ? NULL : &pv->names[*slot];
}

static int name_add(struct iol_dlog *d, uint64_t id, const char *s, size_t n)
{
	struct iol_dlog_priv *pv = d->priv;
	struct name_key k = {pv, id};
	struct name_ent *e;
	uint32_t *slot;

	/* room first, then one probe: the slot found is the name's or
	 * where it goes (a lookup, then a second probe to store, were two
	 * cache misses a name) */
	if (iol_index_reserve(&pv->nix, name_hash, &k) < 0)
		return IOL_ENOMEM;
	slot = iol_index_slot(&pv->nix, id, name_eq, &k);
	if (*slot != IOL_INDEX_EMPTY) {
		e = &pv->names[*slot];
		/* first wins, but a later non-empty name replaces an empty one
		 */
		if (e->name[0] == '\0' && n > 0) {
			e->name = name_store(pv, s, n);
			if (!e->name)
				return IOL_ENOMEM;
		}
		return 0;
	}
	e = iol_grow(pv->names, &pv->namecap, d->nnames, sizeof(*e), 1024);
	if (!e)
		return IOL_ENOMEM;
	pv->names = e;
	e = &pv->names[d->nnames];
	e->id = id;
	e->name = name_store(pv, s, n);
	if (!e->name)
		return IOL_ENOMEM;
	*slot = (uint32_t)d->nnames++;
	pv->nix.n++;
	return 0;
}

/* The name index sized once for the region inflated whole, at 40 bytes
 * a name (an id and a path of 31 characters; the corpus's average
 * nearer 100), not grown and rehashed a doubling at a time from 256
 * slots (its growths were 1 % of ingest's instructions); more names
 * grow it as before, as does a region still being inflated. */
static int names_presize(struct iol_dlog_priv *pv, const struct zin *z)
{
	size_t most = (z->tail - z->head) / 40;

	if (!z->done)
		return 0;
	return iol_index_presize(
		&pv->nix, most < ((size_t)1 << 20) ? most : (size_t)1 << 20);
}

static int read_names(struct iol_dlog *d, struct iol_error *err)
{
	struct iol_dlog_priv *pv = d->priv;
	struct zin z;
	int ret = 0;

	if (!d->name_map.len)
		return 0;
	ret = zin_init(&z, pv->map + d->name_map.off, d->name_map.len, d->comp);
	if (ret < 0)
		return iol_error_set(err, ret, "out of memory");
	if (pv->mapped)
		z.drop_base = pv->map;
	for (;;) {
		long n = zin_need(&z, 12, err);
		uint64_t id;

		if (n < 0) {
			ret = (int)n;
			goto fail;
		}
		if (n == 0)
			break;
		if (!d->nnames && names_presize(pv, &z) < 0) {
			ret = iol_error_set(err, IOL_ENOMEM, "out of memory");
			goto fail;
		}
		if (n < 12 && d->vminor == 0) {
			ret = iol_error_set(err, IOL_ECORRUPT,
					    "name region ends inside a record");
			goto fail;
		}
		if (n < 9) {
			ret = iol_error_set(err, IOL_ECORRUPT,
					    "name region ends inside a record");
			goto fail;
		}
		id = ld_u64(zin_ptr(&z), d->swapped);
		if (d->vminor == 0) {
			uint32_t len = ld_u32(zin_ptr(&z) + 8, d->swapped);

			if (len > (1u << 24)) {
				ret = iol_error_set(err, IOL_ECORRUPT,
						    "impossible name length %u",
						    len);
				goto fail;
			}
			n = zin_need(&z, 12 + (size_t)len, err);
			if (n < 0) {
				ret = (int)n;
				goto fail;
			}
			if ((size_t)n < 12 + (size_t)len) {
				ret = iol_error_set(
					err, IOL_ECORRUPT,
					"name region ends inside a record");
				goto fail;
			}
			ret = name_add(d, id, (const char *)zin_ptr(&z) + 12,
				       len);
			zin_skip(&z, 12 + (size_t)len);
		} else {
			/* NUL-terminated; widen the window until the NUL shows
			 */
			size_t want = 8 + 256;
			const uint8_t *nul;

			for (;;) {
				n = zin_need(&z, want, err);
				if (n < 0) {
					ret = (int)n;
					goto fail;
				}
				nul = memchr(zin_ptr(&z) + 8, 0, (size_t)n - 8);
				if (nul || (size_t)n < want)
					break;
				if (want > (1u << 24)) {
					ret = iol_error_set(
						err, IOL_ECORRUPT,
						"unterminated name record");
					goto fail;
				}
				want *= 2;
			}
			if (!nul) {
				ret = iol_error_set(
					err, IOL_ECORRUPT,
					"name region ends inside a record");
				goto fail;
			}
			ret = name_add(d, id, (const char *)zin_ptr(&z) + 8,
				       nul - (zin_ptr(&z) + 8));
			zin_skip(&z, (size_t)(nul - zin_ptr(&z)) + 1);
		}
		if (ret < 0) {
			iol_error_set(err, ret, "out of memory");
			goto fail;
		}
	}
	zin_end(&z);
	return 0;
fail:
	zin_end(&z);
	if (!err || !err->msg[0])
		iol_error_set(err, ret, "name region");
	return ret;
}

const char *iol_dlog_name(const struct iol_dlog *d, uint64_t id)
{
	struct name_ent *e = name_find(d->priv, id);

	return e ? e->name : NULL;
}

const char *iol_dlog_name_near(const struct iol_dlog *d, uint64_t id,
			       size_t *hint)
{
	const struct iol_dlog_priv *pv = d->priv;
	size_t h = *hint + 1;
	struct name_ent *e;

	/* the next entry, read in order: the hash probe was three cache
	 * misses a record, a tenth of parse --all on 100,000 files */
	if (h < d->nnames && pv->names[h].id == id) {
		*hint = h;
		return pv->names[h].name;
	}
	if (h - 1 < d->nnames && pv->names[h - 1].id == id)
		return pv->names[h - 1].name;
	e = name_find(pv, id);
	if (!e)
		return NULL;
	*hint = (size_t)(e - pv->names);
	return e->name;
}

int iol_dlog_name_next(const struct iol_dlog *d, size_t *pos, uint64_t *id,
		       const char **name)
{
	const struct iol_dlog_priv *pv = d->priv;

	if (*pos >= d->nnames)
		return 0;
	*id = pv->names[*pos].id;
	*name = pv->names[*pos].name;
	(*pos)++;
	return 1;
}

int iol_dlog_mount_of(const struct iol_dlog *d, const char *name)
{
	int j;

	if (!name)
		return -1;
	for (j = 0; j < d->nmounts; j++)
		if (strncmp(d->mounts[j].path, name, d->mounts[j].pathlen) == 0)
			return j;
	return -1;
}

/* ---- open / close ---- */

/* A log this small is read whole: a copy of a few pages costs less than
 * a mapping's page faults and its unmapping, which flushes the TLB of
 * every core the process's threads ran on (an ingest maps thousands). */
#define SMALL_LOG (256 << 10)

static int load_fd(struct iol_dlog_priv *pv, int fd, struct iol_error *err)
{
	struct stat st;
	size_t cap = 1 << 20, len = 0, whole = 0;
	uint8_t *buf;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		if (st.st_size == 0) {
			pv->map = (const uint8_t *)"";
			pv->size = 0;
			return 0;
		}
		if (st.st_size < SMALL_LOG) {
			cap = (size_t)st.st_size + 1; /* + 1: the end seen */
			whole = (size_t)st.st_size;
		} else {
			void *m = mmap(NULL, (size_t)st.st_size, PROT_READ,
				       MAP_PRIVATE, fd, 0);

			if (m != MAP_FAILED) {
				pv->map = m;
				pv->size = (size_t)st.st_size;
				pv->mapped = 1;
				pv->owned = 1;
				return 0;
			}
		}
	}
	buf = malloc(cap);
	if (!buf)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (;;) {
		ssize_t n;

		if (len == cap) {
			uint8_t *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				return iol_error_set(err, IOL_ENOMEM,
						     "out of memory");
			}
			buf = nb;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err ? err->sys = errno : 0;
			free(buf);
			return iol_error_set(err, IOL_EIO, "%s",
					     strerror(errno));
		}
		if (n == 0)
			break;
		len += (size_t)n;
		/* every byte fstat saw and not the one past them: the end,
		 * without another read to return 0 */
		if (whole && len == whole && len < cap)
			break;
	}
	pv->map = buf;
	pv->size = len;
	pv->owned = 1;
	return 0;
}

static int finish_open(struct iol_dlog *d, struct iol_error *err)
{
	int ret;

	d->file_size = d->priv->size;
	if ((ret = read_header(d, err)) < 0)
		return ret;
	if ((ret = read_job(d, err)) < 0)
		return ret;
	if ((ret = read_mounts(d, err)) < 0)
		return ret;
	if ((ret = read_names(d, err)) < 0)
		return ret;
	return 0;
}

/* a new iol_dlog of fd's bytes (read from its offset on), fd left
 * open; path NULL: opened from fd, else from path, then closed */
static int dlog_load(struct iol_dlog **out, const char *path, int fd,
		     struct iol_error *err)
{
	struct iol_dlog *d;
	int ret;

	*out = NULL;
	d = calloc(1, sizeof(*d));
	if (!d || !(d->priv = calloc(1, sizeof(*d->priv)))) {
		free(d);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	if (path && strcmp(path, "-") == 0) {
		fd = STDIN_FILENO;
	} else if (path) {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			if (err)
				err->sys = errno;
			ret = iol_error_set(err, IOL_EIO, "%s",
					    strerror(errno));
			iol_dlog_close(d);
			return ret;
		}
	}
	ret = load_fd(d->priv, fd, err);
	if (path && fd != STDIN_FILENO)
		close(fd);
	if (ret == 0)
		ret = finish_open(d, err);
	if (ret < 0) {
		iol_dlog_close(d);
		return ret;
	}
	*out = d;
	return 0;
}

int iol_dlog_open(struct iol_dlog **out, const char *path,
		  struct iol_error *err)
{
	return dlog_load(out, path, -1, err);
}

int iol_dlog_open_fd(struct iol_dlog **out, int fd, struct iol_error *err)
{
	return dlog_load(out, NULL, fd, err);
}

int iol_dlog_open_mem(struct iol_dlog **out, const void *buf, size_t len,
		      struct iol_error *err)
{
	struct iol_dlog *d;
	int ret;

	*out = NULL;
	d = calloc(1, sizeof(*d));
	if (!d || !(d->priv = calloc(1, sizeof(*d->priv)))) {
		free(d);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	d->priv->map = buf;
	d->priv->size = len;
	ret = finish_open(d, err);
	if (ret < 0) {
		iol_dlog_close(d);
		return ret;
	}
	*out = d;
	return 0;
}

void iol_dlog_close(struct iol_dlog *d)
{
	struct iol_dlog_priv *pv;
	size_t i;

	if (!d)
		return;
	pv = d->priv;
	if (pv) {
		if (pv->owned) {
			if (pv->mapped)
				munmap((void *)pv->map, pv->size);
			else
				free((void *)pv->map);
		}
		free(pv->jobtext);
		free(pv->metadata);
		free(pv->exe);
		free(pv->mounts);
		free(pv->mountbuf);
		free(pv->names);
		iol_index_release(&pv->nix);
		for (i = 0; i < pv->nblocks; i++)
			free(pv->strblocks[i]);
		free(pv->strblocks);
		free(pv);
	}
	free(d);
}

const void *iol_dlog_bytes(const struct iol_dlog *d, size_t *len)
{
	*len = d->priv->size;
	return d->priv->map;
}

double iol_dlog_runtime(const struct iol_dlog *d)
{
	if (d->vminor >= 41)
		return ((double)d->end_sec + (double)d->end_nsec / 1e9) -
		       ((double)d->start_sec + (double)d->start_nsec / 1e9);
	return (double)(d->end_sec - d->start_sec + 1);
}

/* ---- fixed-layout module records ---- */

/*
 * How one on-disk record version maps onto the newest layout: counts of
 * old counters, where each old counter goes (-1: dropped), and what the
 * counters the old version lacked are set to.
 */
struct layout {
	int mod, ver;
	size_t size;		 /* on-disk bytes */
	size_t pre;		 /* bytes between base record and counters */
	int has_file_rec_id;	 /* pre holds a uint64 file record id */
	int nint, nflt;		 /* old counts */
	const signed char *imap; /* NULL: identity */
	const signed char *fmap;
	int nint_new, nflt_new;
	size_t post; /* DFS/DAOS trailers */
};

/* POSIX v3 -> v4: FILENOS, DUPS, RENAME_* inserted */
static const signed char posix_v3_imap[64] = {
	0,  3,	4,  5,	6,  7,	8,  9,	13, 14, 15, 16, 17, 18, 19, 20,
	21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36,
	37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52,
	53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68,
};
/* POSIX v1: four stdio counters after MMAPS are dropped */
static const signed char posix_v1_imap[68] = {
	0,  3,	4,  5,	6,  7,	-1, -1, -1, -1, 8,  9,	13, 14, 15, 16, 17,
	18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
	35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
	52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68,
};
/* v2-era timestamps: CLOSE_START and OPEN_END inserted at 3 and 4 */
static const signed char ts15_fmap[15] = {
	0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
};
static const signed char stdio_v1_imap[13] = {
	0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
};
static const signed char h5f_v1_fmap[2] = {0, 3};
static const signed char h5f_v2_fmap[4] = {0, 1, 2, 3};
static const signed char one_imap[1] = {0};
static const signed char pnc_v2_imap[2] = {1, 1}; /* summed */
static const signed char pnc_v2_fmap[4] = {0, 1, 3, 4};
static const signed char pnc_v1_fmap[2] = {0, 4};

#define L(m, v, sz, pre, frid, ni, nf, im, fm, nin, nfn, post)      \
	{                                                           \
		m, v, sz, pre, frid, ni, nf, im, fm, nin, nfn, post \
	}

static const struct layout layouts[] = {
	L(IOL_MOD_POSIX, 4, 704, 0, 0, 69, 17, NULL, NULL, 69, 17, 0),
	L(IOL_MOD_POSIX, 3, 664, 0, 0, 64, 17, posix_v3_imap, NULL, 69, 17, 0),
	L(IOL_MOD_POSIX, 2, 648, 0, 0, 64, 15, posix_v3_imap, ts15_fmap, 69, 17,
	  0),
	L(IOL_MOD_POSIX, 1, 680, 0, 0, 68, 15, posix_v1_imap, ts15_fmap, 69, 17,
	  0),
	L(IOL_MOD_MPIIO, 3, 560, 0, 0, 51, 17, NULL, NULL, 51, 17, 0),
	L(IOL_MOD_MPIIO, 2, 544, 0, 0, 51, 15, NULL, ts15_fmap, 51, 17, 0),
	L(IOL_MOD_MPIIO, 1, 544, 0, 0, 51, 15, NULL, ts15_fmap, 51, 17, 0),
	L(IOL_MOD_STDIO, 2, 248, 0, 0, 14, 15, NULL, NULL, 14, 15, 0),
	L(IOL_MOD_STDIO, 1, 240, 0, 0, 13, 15, stdio_v1_imap, NULL, 14, 15, 0),
	L(IOL_MOD_H5F, 3, 80, 0, 0, 3, 5, NULL, NULL, 3, 5, 0),
	L(IOL_MOD_H5F, 2, 56, 0, 0, 1, 4, one_imap, h5f_v2_fmap, 3, 5, 0),
	L(IOL_MOD_H5F, 1, 40, 0, 0, 1, 2, one_imap, h5f_v1_fmap, 3, 5, 0),
	L(IOL_MOD_H5D, 2, 912, 8, 1, 94, 17, NULL, NULL, 94, 17, 0),
	L(IOL_MOD_H5D, 1, 904, 0, 0, 94, 17, NULL, NULL, 94, 17, 0),
	L(IOL_MOD_PNETCDF_FILE, 3, 152, 0, 0, 9, 8, NULL, NULL, 9, 8, 0),
	L(IOL_MOD_PNETCDF_FILE, 2, 64, 0, 0, 2, 4, pnc_v2_imap, pnc_v2_fmap, 9,
	  8, 0),
	L(IOL_MOD_PNETCDF_FILE, 1, 48, 0, 0, 2, 2, pnc_v2_imap, pnc_v1_fmap, 9,
	  8, 0),
	L(IOL_MOD_PNETCDF_VAR, 1, 1120, 8, 1, 120, 17, NULL, NULL, 120, 17, 0),
	L(IOL_MOD_BGQ, 2, 112, 0, 0, 11, 1, NULL, NULL, 11, 1, 0),
	L(IOL_MOD_BGQ, 1, 120, 8, 0, 11, 1, NULL, NULL, 11, 1, 0),
	L(IOL_MOD_DFS, 1, 584, 0, 0, 52, 15, NULL, NULL, 52, 15, 32),
	L(IOL_MOD_DAOS, 1, 696, 0, 0, 64, 15, NULL, NULL, 64, 15, 48),
};

static const struct layout *find_layout(int mod, int ver)
{
	size_t i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (layouts[i].mod == mod && layouts[i].ver == ver)
			return &layouts[i];
	return NULL;
}

int iol_dlog_mod_readable(const struct iol_dlog *d, int mod)
{
	const struct iol_modinfo *mi = iol_modinfo(mod);
	unsigned v;

	if (!mi || !mi->readable || mod == IOL_MOD_NULL)
		return 0;
	v = d->mod_ver[mod];
	return v >= 1 && (int)v <= mi->cur_ver;
}

struct iol_modrd_priv {
	struct zin z;
	const struct layout *lay;
	int first_nbins_set;
	int64_t first_nbins;
	double first_width;
	/* variable-size storage */
	struct iol_lustre_comp *comps;
	size_t compcap;
	int64_t *i64buf;
	size_t i64cap;
	/* DXT state */
	int whole;     /* a cut region: a record only with all its segments */
	int counted;   /* have is known */
	uint64_t have; /* the bytes the cut region inflates to */
	int64_t segs_left_w, segs_left_r;
	size_t segsize;
	/* iol_modrd_mark() */
	int marked;
	struct zin mz;
	int64_t m_left_w, m_left_r;
};

static int i64_reserve(struct iol_modrd_priv *p, size_t n)
{
	if (n > p->i64cap) {
		int64_t *nb = realloc(p->i64buf, n * sizeof(int64_t));

		if (!nb)
			return IOL_ENOMEM;
		p->i64buf = nb;
		p->i64cap = n;
	}
	return 0;
}

int iol_modrd_open(struct iol_modrd *rd, const struct iol_dlog *d, int mod,
		   struct iol_error *err)
{
	return iol_modrd_open_cut(rd, d, mod, 0, err);
}

int iol_modrd_open_cut(struct iol_modrd *rd, const struct iol_dlog *d, int mod,
		       uint64_t chunk, struct iol_error *err)
{
	const struct iol_region *m;
	uint64_t len;
	int ret;

	memset(rd, 0, sizeof(*rd));
	if (mod < 0 || mod >= IOL_MOD_MAX)
		return iol_error_set(err, IOL_EINVAL, "bad module id %d", mod);
	m = &d->mod_map[mod];
	rd->d = d;
	rd->mod = mod;
	rd->ver = (int)d->mod_ver[mod];
	if (!iol_dlog_mod_readable(d, mod))
		return iol_error_set(
			err, IOL_EVERSION, "cannot read %s module version %d",
			mod < IOL_MOD_KNOWN ? iol_modinfo(mod)->name
					    : "unknown",
			rd->ver);
	len = m->len;
	if ((d->cut >> mod) & 1) {
		if (!chunk)
			return iol_error_set(
				err, IOL_ETRUNC,
				"log cut short: the %s region is incomplete "
				"(%llu of %llu bytes)",
				iol_modinfo(mod)->name,
				(unsigned long long)iol_dlog_region_have(d, m),
				(unsigned long long)m->len);
		len = iol_dlog_region_have(d, m) / chunk * chunk;
	}
	rd->priv = calloc(1, sizeof(*rd->priv));
	if (!rd->priv)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (iol_modinfo(mod)->nint && mod != IOL_MOD_MDHIM) {
		rd->priv->lay = find_layout(mod, rd->ver);
		if (!rd->priv->lay) {
			iol_modrd_close(rd);
			return iol_error_set(err, IOL_EVERSION,
					     "cannot read %s module version %d",
					     iol_modinfo(mod)->name, rd->ver);
		}
	}
	ret = zin_init(&rd->priv->z, d->priv->map + m->off, len, d->comp);
	if (ret < 0) {
		iol_modrd_close(rd);
		return iol_error_set(err, ret, "out of memory");
	}
	if (d->priv->mapped)
		rd->priv->z.drop_base = d->priv->map;
	rd->priv->whole = (int)((d->cut >> mod) & 1);
	rd->rec.mod = mod;
	return 0;
}

static void mark_free(struct iol_modrd_priv *p)
{
	if (!p->marked)
		return;
	if (p->mz.active && p->mz.comp == IOL_COMP_ZLIB)
		inflateEnd(&p->mz.z);
	free(p->mz.buf);
	p->marked = 0;
}

int iol_modrd_mark(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct zin *z = &p->z;
	size_t avail = z->tail - z->head;

	mark_free(p);
	if (z->comp == IOL_COMP_BZIP2)
		return iol_error_set(err, IOL_EUNSUPP,
				     "bzip2 streams cannot be rewound");
	p->mz = *z;
	p->mz.active = 0;
	p->mz.buf = malloc(avail ? avail : 1);
	if (!p->mz.buf)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	memcpy(p->mz.buf, z->buf + z->head, avail);
	p->mz.head = 0;
	p->mz.tail = p->mz.cap = avail;
	if (z->active && z->comp == IOL_COMP_ZLIB) {
		if (inflateCopy(&p->mz.z, &z->z) != Z_OK) {
			free(p->mz.buf);
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
		p->mz.active = 1;
	}
	p->m_left_w = p->segs_left_w;
	p->m_left_r = p->segs_left_r;
	p->marked = 1;
	return 0;
}

int iol_modrd_rewind(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct zin *z = &p->z;
	size_t avail;

	if (!p->marked)
		return iol_error_set(err, IOL_EINVAL, "no mark to rewind to");
	avail = p->mz.tail - p->mz.head;
	if (z->active && z->comp == IOL_COMP_ZLIB)
		inflateEnd(&z->z);
	if (z->cap < avail) {
		uint8_t *nb = realloc(z->buf, avail);

		if (!nb)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		z->buf = nb;
		z->cap = avail;
	}
	memcpy(z->buf, p->mz.buf, avail);
	z->head = 0;
	z->tail = avail;
	z->pos = p->mz.pos;
	z->done = p->mz.done;
	z->total = p->mz.total;
	z->dropped = p->mz.dropped < z->dropped ? p->mz.dropped : z->dropped;
	z->active = 0;
	if (p->mz.active) {
		if (inflateCopy(&z->z, &p->mz.z) != Z_OK)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		z->active = 1;
	}
	p->segs_left_w = p->m_left_w;
	p->segs_left_r = p->m_left_r;
	return 0;
}

void iol_modrd_close(struct iol_modrd *rd)
{
	if (!rd->priv)
		return;
	mark_free(rd->priv);
	zin_end(&rd->priv->z);
	free(rd->priv->comps);
	free(rd->priv->i64buf);
	free(rd->priv);
	rd->priv = NULL;
}

/* The bytes of r consumed so far. */
static uint64_t zin_used(const struct zin *r)
{
	return r->total - (r->tail - r->head);
}

/* The bytes r's region inflates to from its start, to its end or its
 * first error, counted 64 KiB at a time with nothing held. */
static uint64_t zin_count(const struct zin *r)
{
	struct iol_error quiet = {0};
	struct zin t;
	uint64_t got = 0;
	long n;

	if (zin_init(&t, r->src, r->len, r->comp) < 0)
		return 0;
	while ((n = zin_need(&t, 1 << 16, &quiet)) > 0) {
		got += (uint64_t)n;
		zin_skip(&t, (size_t)n);
	}
	zin_end(&t);
	return got;
}

static int short_record(struct iol_modrd *rd, struct iol_error *err)
{
	return iol_error_set(
		err, IOL_ECORRUPT, "%s region ends inside record %llu",
		iol_modinfo(rd->mod)->name, (unsigned long long)rd->nrec + 1);
}

/* The same, in the segments of the DXT record last returned: it is
 * counted in nrec already. */
static int short_segs(struct iol_modrd *rd, struct iol_error *err)
{
	return iol_error_set(
		err, IOL_ECORRUPT, "%s region ends inside record %llu",
		iol_modinfo(rd->mod)->name, (unsigned long long)rd->nrec);
}

static int get_fixed(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	const struct layout *lay = p->lay;
	struct iol_rec *r = &rd->rec;
	int sw = rd->d->swapped;
	const uint8_t *b, *c;
	long n;
	int i;

again:
	n = zin_need(&p->z, lay->size, err);
	if (n < 0)
		return (int)n;
	/* a short tail is how darshan-util sees the end of a module */
	if ((size_t)n < lay->size)
		return 0;
	b = zin_ptr(&p->z);
	r->id = ld_u64(b, sw);
	r->rank = ld_i64(b + 8, sw);
	r->nint = lay->nint_new;
	r->nflt = lay->nflt_new;
	r->file_rec_id = lay->has_file_rec_id ? ld_u64(b + 16, sw) : 0;
	c = b + 16 + lay->pre;
	rd->into_used = !lay->imap && !lay->fmap && !sw && rd->into_ic &&
			lay->nint == rd->into_nint &&
			lay->nflt == rd->into_nflt;
	if (!lay->imap && !lay->fmap && !sw) {
		/* the host's byte order: the counters as they lie */
		memcpy(rd->into_used ? rd->into_ic : r->ic, c,
		       8 * (size_t)lay->nint);
		c += 8 * lay->nint;
		memcpy(rd->into_used ? rd->into_fc : r->fc, c,
		       8 * (size_t)lay->nflt);
		c += 8 * lay->nflt;
	} else if (!lay->imap && !lay->fmap) {
		for (i = 0; i < lay->nint; i++)
			r->ic[i] = ld_i64(c + 8 * i, sw);
		c += 8 * lay->nint;
		for (i = 0; i < lay->nflt; i++)
			r->fc[i] = ld_dbl(c + 8 * i, sw);
		c += 8 * lay->nflt;
	} else {
		/* POSIX v1 records that carried stdio data cannot be
		 * up-converted; darshan-util drops them too */
		if (lay->mod == IOL_MOD_POSIX && lay->ver == 1 &&
		    ld_i64(c + 8 * 6, sw) > 0) {
			zin_skip(&p->z, lay->size);
			goto again;
		}
		for (i = 0; i < lay->nint_new; i++)
			r->ic[i] = -1;
		for (i = 0; i < lay->nflt_new; i++)
			r->fc[i] = -1;
		if (lay->mod == IOL_MOD_POSIX)
			r->ic[POSIX_RENAMED_FROM] =
				0; /* RENAMED_FROM is unsigned: 0 */
		for (i = 0; i < lay->nint; i++) {
			int to = lay->imap ? lay->imap[i] : i;
			int64_t v = ld_i64(c + 8 * i, sw);

			if (to < 0)
				continue;
			if (lay->mod == IOL_MOD_PNETCDF_FILE && i == 1)
				r->ic[to] = wadd(r->ic[to],
						 v); /* OPENS = INDEP + COLL */
			else
				r->ic[to] = v;
		}
		c += 8 * lay->nint;
		for (i = 0; i < lay->nflt; i++) {
			int to = lay->fmap ? lay->fmap[i] : i;

			r->fc[to] = ld_dbl(c + 8 * i, sw);
		}
		c += 8 * lay->nflt;
	}
	if (lay->post) {
		memcpy(r->pool_uuid, c, 16);
		memcpy(r->cont_uuid, c + 16, 16);
		if (lay->post >= 48) {
			r->oid_hi = ld_u64(c + 32, sw);
			r->oid_lo = ld_u64(c + 40, sw);
		}
	}
	zin_skip(&p->z, lay->size);
	return 1;
}

static int get_lustre(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct iol_rec *r = &rd->rec;
	int sw = rd->d->swapped;
	const uint8_t *b;
	long n;
	int64_t i, j, ncomps, nstripes, sum;
	size_t need;

	if (rd->ver == 1) {
		int64_t width;

		n = zin_need(&p->z, 56, err);
		if (n < 0)
			return (int)n;
		if (n < 56)
			return 0;
		b = zin_ptr(&p->z);
		width = ld_i64(b + 48, sw);
		if (width < 0 || width > MAX_LUSTRE_STRIPES)
			return iol_error_set(err, IOL_ECORRUPT,
					     "LUSTRE record with %lld stripes",
					     (long long)width);
		r->id = ld_u64(b, sw);
		r->rank = ld_i64(b + 8, sw);
		if (!p->comps && !(p->comps = calloc(1, sizeof(*p->comps))))
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		p->compcap = p->compcap ? p->compcap : 1;
		memset(&p->comps[0], 0, sizeof(p->comps[0]));
		p->comps[0].c[0] = ld_i64(b + 40, sw);
		p->comps[0].c[1] = width;
		p->comps[0].c[2] = -1;
		p->comps[0].c[3] = -1;
		p->comps[0].c[4] = 0;
		p->comps[0].c[5] = -1;
		p->comps[0].c[6] = -1;
		zin_skip(&p->z, 56);
		need = (size_t)width * 8;
		n = zin_need(&p->z, need, err);
		if (n < 0)
			return (int)n;
		if ((size_t)n < need)
			return short_record(rd, err);
		if (i64_reserve(p, (size_t)width + 1) < 0)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		b = zin_ptr(&p->z);
		for (i = 0; i < width; i++)
			p->i64buf[i] = ld_i64(b + 8 * i, sw);
		zin_skip(&p->z, need);
		r->ncomps = 1;
		r->nstripes = width;
		r->comps = p->comps;
		r->osts = p->i64buf;
		return 1;
	}
	n = zin_need(&p->z, 32, err);
	if (n < 0)
		return (int)n;
	if (n < 32)
		return 0;
	b = zin_ptr(&p->z);
	ncomps = ld_i64(b + 16, sw);
	nstripes = ld_i64(b + 24, sw);
	if (ncomps < 0 || ncomps > MAX_LUSTRE_COMPS || nstripes < 0 ||
	    nstripes > MAX_LUSTRE_STRIPES)
		return iol_error_set(
			err, IOL_ECORRUPT,
			"LUSTRE record with %lld components and %lld stripes",
			(long long)ncomps, (long long)nstripes);
	r->id = ld_u64(b, sw);
	r->rank = ld_i64(b + 8, sw);
	zin_skip(&p->z, 32);
	r->ncomps = 0;
	r->nstripes = 0;
	r->comps = NULL;
	r->osts = NULL;
	if (ncomps < 1)
		return 1;
	need = (size_t)ncomps * 72 + (size_t)nstripes * 8;
	n = zin_need(&p->z, need, err);
	if (n < 0)
		return (int)n;
	if ((size_t)n < need)
		return short_record(rd, err);
	if ((size_t)ncomps > p->compcap) {
		struct iol_lustre_comp *nc =
			realloc(p->comps, (size_t)ncomps * sizeof(*nc));

		if (!nc)
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		p->comps = nc;
		p->compcap = (size_t)ncomps;
	}
	if (i64_reserve(p, (size_t)nstripes + 1) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	b = zin_ptr(&p->z);
	for (i = 0; i < ncomps; i++) {
		for (j = 0; j < 7; j++)
			p->comps[i].c[j] = ld_i64(b + 72 * i + 8 * j, sw);
		memcpy(p->comps[i].pool, b + 72 * i + 56, 16);
		p->comps[i].pool[16] = '\0';
	}
	for (i = 0; i < nstripes; i++)
		p->i64buf[i] = ld_i64(b + 72 * ncomps + 8 * i, sw);
	zin_skip(&p->z, need);
	/* components end at the first unused slot (stripe size -1) */
	sum = 0;
	for (i = 0; i < ncomps; i++) {
		if (p->comps[i].c[0] == -1)
			break;
		if (p->comps[i].c[1] < 0 || p->comps[i].c[1] > nstripes - sum)
			return iol_error_set(err, IOL_ECORRUPT,
					     "LUSTRE component stripe counts "
					     "exceed the OST list");
		sum += p->comps[i].c[1];
	}
	r->ncomps = i;
	r->nstripes = sum;
	r->comps = p->comps;
	r->osts = p->i64buf;
	return 1;
}

static int get_heatmap(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct iol_rec *r = &rd->rec;
	int sw = rd->d->swapped;
	const uint8_t *b;
	int64_t nbins, i, keep;
	size_t need;
	long n;

	n = zin_need(&p->z, 48, err);
	if (n < 0)
		return (int)n;
	if (n < 48)
		return 0;
	b = zin_ptr(&p->z);
	r->id = ld_u64(b, sw);
	r->rank = ld_i64(b + 8, sw);
	r->bin_width = ld_dbl(b + 16, sw);
	nbins = ld_i64(b + 24, sw);
	if (nbins < 0 || nbins > MAX_HEATMAP_BINS)
		return iol_error_set(err, IOL_ECORRUPT,
				     "HEATMAP record with %lld bins",
				     (long long)nbins);
	zin_skip(&p->z, 48);
	if (!p->first_nbins_set) {
		p->first_nbins = nbins;
		p->first_width = r->bin_width;
		p->first_nbins_set = 1;
	}
	need = (size_t)nbins * 16;
	n = zin_need(&p->z, need, err);
	if (n < 0)
		return (int)n;
	if ((size_t)n < need)
		return short_record(rd, err);
	if (i64_reserve(p, (size_t)nbins * 2 + 2) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	/* runtime 3.4.0-3.4.3 wrote some records one bin short or long
	 * (darshan issue 941); line them up with the first record */
	keep = nbins;
	if (r->bin_width == p->first_width && nbins == p->first_nbins + 1)
		keep = nbins - 1;
	else if (r->bin_width == p->first_width && nbins == p->first_nbins - 1)
		keep = nbins + 1;
	b = zin_ptr(&p->z);
	r->wbins = p->i64buf;
	r->rbins = p->i64buf + keep;
	for (i = 0; i < keep; i++) {
		r->wbins[i] = i < nbins ? ld_i64(b + 8 * i, sw) : 0;
		r->rbins[i] = i < nbins ? ld_i64(b + 8 * (nbins + i), sw) : 0;
	}
	zin_skip(&p->z, need);
	r->nbins = keep;
	return 1;
}

static int get_mdhim(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct iol_rec *r = &rd->rec;
	int sw = rd->d->swapped;
	const uint8_t *b;
	int64_t servers, i;
	size_t need;
	long n;

	n = zin_need(&p->z, 96, err);
	if (n < 0)
		return (int)n;
	if (n < 96)
		return 0;
	b = zin_ptr(&p->z);
	r->id = ld_u64(b, sw);
	r->rank = ld_i64(b + 8, sw);
	r->nint = IOL_MDHIM_NINT;
	r->nflt = 4;
	for (i = 0; i < 5; i++)
		r->ic[i] = ld_i64(b + 16 + 8 * i, sw);
	for (i = 0; i < 4; i++)
		r->fc[i] = ld_dbl(b + 56 + 8 * i, sw);
	servers = r->ic[MDHIM_SERVERS];
	if (servers < 0 || servers > MAX_MDHIM_SERVERS)
		return iol_error_set(err, IOL_ECORRUPT,
				     "MDHIM record with %lld servers",
				     (long long)servers);
	if (i64_reserve(p, (size_t)servers + 1) < 0)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	p->i64buf[0] = ld_i64(b + 88, sw);
	zin_skip(&p->z, 96);
	if (servers > 1) {
		need = (size_t)(servers - 1) * 8;
		n = zin_need(&p->z, need, err);
		if (n < 0)
			return (int)n;
		if ((size_t)n < need)
			return short_record(rd, err);
		b = zin_ptr(&p->z);
		for (i = 1; i < servers; i++)
			p->i64buf[i] = ld_i64(b + 8 * (i - 1), sw);
		zin_skip(&p->z, need);
	}
	r->servers = p->i64buf;
	return 1;
}

static int skip_segs(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	uint64_t left =
		(uint64_t)(p->segs_left_w + p->segs_left_r) * p->segsize;

	while (left) {
		size_t chunk = left > (1 << 20) ? (1 << 20) : (size_t)left;
		long n = zin_need(&p->z, chunk, err);

		if (n < 0)
			return (int)n;
		if ((size_t)n < chunk)
			return short_segs(rd, err);
		zin_skip(&p->z, chunk);
		left -= chunk;
	}
	p->segs_left_w = p->segs_left_r = 0;
	return 0;
}

static int get_dxt(struct iol_modrd *rd, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct iol_rec *r = &rd->rec;
	int sw = rd->d->swapped;
	const uint8_t *b;
	long n;
	int ret;

	if (p->segs_left_w || p->segs_left_r) {
		ret = skip_segs(rd, err);
		if (ret < 0)
			return ret;
	}
	n = zin_need(&p->z, 104, err);
	if (n < 0)
		return (int)n;
	if (n < 104)
		return 0;
	b = zin_ptr(&p->z);
	r->id = ld_u64(b, sw);
	r->rank = ld_i64(b + 8, sw);
	r->shared = ld_i64(b + 16, sw);
	memcpy(r->hostname, b + 24, 64);
	r->hostname[64] = '\0';
	r->wcount = ld_i64(b + 88, sw);
	r->rcount = ld_i64(b + 96, sw);
	zin_skip(&p->z, 104);
	r->has_tid = (rd->mod == IOL_MOD_DXT_POSIX && rd->ver >= 2) ||
		     (rd->mod == IOL_MOD_DXT_MPIIO && rd->ver >= 3);
	p->segsize = r->has_tid ? 40 : 32;
	/* the segments must fit in what the region can still inflate to */
	if (r->wcount < 0 || r->rcount < 0 ||
	    (uint64_t)r->wcount > (1ULL << 40) ||
	    (uint64_t)r->rcount > (1ULL << 40) ||
	    ((uint64_t)r->wcount + (uint64_t)r->rcount) * p->segsize >
		    p->z.limit)
		return iol_error_set(
			err, IOL_ECORRUPT,
			"%s record with impossible segment counts %lld/%lld",
			iol_modinfo(rd->mod)->name, (long long)r->wcount,
			(long long)r->rcount);
	/* a cut region gives a record only when all its segments are there,
	 * as darshan-util reads a DXT record whole or not at all; what the
	 * region holds is counted, not buffered: a record of a 2 MiB region
	 * may claim 4 GB of segments, which were allocated and inflated
	 * (zeros) to be held at once */
	if (p->whole && r->wcount + r->rcount) {
		uint64_t need = (uint64_t)(r->wcount + r->rcount) * p->segsize;

		if (!p->counted)
			p->have = zin_count(&p->z), p->counted = 1;
		if (zin_used(&p->z) + need > p->have)
			return short_record(rd, err);
	}
	p->segs_left_w = r->wcount;
	p->segs_left_r = r->rcount;
	return 1;
}

long iol_modrd_segs(struct iol_modrd *rd, struct iol_seg *segs, size_t max,
		    int *is_read, struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	int sw = rd->d->swapped;
	int64_t *left;
	size_t cnt, i = 0;
	const uint8_t *b;
	long n;
	int mpiio_v1 = rd->mod == IOL_MOD_DXT_MPIIO && rd->ver == 1;

	if (rd->mod != IOL_MOD_DXT_POSIX && rd->mod != IOL_MOD_DXT_MPIIO)
		return iol_error_set(err, IOL_EINVAL, "not a DXT module");
	if (p->segs_left_w) {
		left = &p->segs_left_w;
		*is_read = 0;
	} else if (p->segs_left_r) {
		left = &p->segs_left_r;
		*is_read = 1;
	} else {
		return 0;
	}
	cnt = (uint64_t)*left < max ? (size_t)*left : max;
	n = zin_need(&p->z, cnt * p->segsize, err);
	if (n < 0)
		return n;
	if ((size_t)n < cnt * p->segsize)
		return short_segs(rd, err);
	b = zin_ptr(&p->z);
	/* host order, thread ids: the stored layout is struct iol_seg's */
	if (!sw && !mpiio_v1 && p->segsize == 40 &&
	    sizeof(struct iol_seg) == 40) {
		memcpy(segs, b, cnt * 40);
		i = cnt;
	}
	for (; i < cnt; i++, b += p->segsize) {
		segs[i].off = mpiio_v1 ? -1 : ld_i64(b, sw);
		segs[i].len = ld_i64(b + 8, sw);
		segs[i].start = ld_dbl(b + 16, sw);
		segs[i].end = ld_dbl(b + 24, sw);
		segs[i].tid = p->segsize == 40 ? ld_u64(b + 32, sw) : 0;
	}
	zin_skip(&p->z, cnt * p->segsize);
	*left -= (int64_t)cnt;
	return (long)cnt;
}

/* Past this many bytes held after a record's segments, handing the
 * buffer over would copy more than it saves: iol_modrd_segs_take says 0. */
#define TAKE_MAX_REST ((size_t)1 << 20)

long iol_modrd_segs_take(struct iol_modrd *rd, void **spare, size_t *sparecap,
			 void **block, size_t *blockcap, struct iol_seg **segs,
			 struct iol_error *err)
{
	struct iol_modrd_priv *p = rd->priv;
	struct zin *z = &p->z;
	size_t cnt, bytes, rest;
	uint8_t *nb;

	if (rd->mod != IOL_MOD_DXT_POSIX && rd->mod != IOL_MOD_DXT_MPIIO)
		return iol_error_set(err, IOL_EINVAL, "not a DXT module");
	/* only segments already in struct iol_seg's layout, all held */
	if (rd->d->swapped || p->segsize != 40 ||
	    sizeof(struct iol_seg) != 40 ||
	    (rd->mod == IOL_MOD_DXT_MPIIO && rd->ver == 1) || p->marked ||
	    p->segs_left_w < 0 || p->segs_left_r < 0)
		return 0;
	cnt = (size_t)p->segs_left_w + (size_t)p->segs_left_r;
	bytes = cnt * 40;
	if (!cnt || cnt > SIZE_MAX / 40 || z->tail - z->head < bytes ||
	    ((uintptr_t)(z->buf + z->head) & 7))
		return 0;
	rest = z->tail - z->head - bytes;
	if (rest > TAKE_MAX_REST)
		return 0;
	/* the reader goes on in spare, with what followed the segments */
	nb = *spare;
	if (!nb || *sparecap < rest + (1u << 16)) {
		free(nb);
		*sparecap = rest + (1u << 16);
		nb = malloc(*sparecap);
		if (!nb) {
			*spare = NULL;
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
	}
	memcpy(nb, z->buf + z->head + bytes, rest);
	*block = z->buf;
	*blockcap = z->cap;
	*segs = (struct iol_seg *)(void *)(z->buf + z->head);
	*spare = NULL;
	z->buf = nb;
	z->cap = *sparecap;
	z->head = 0;
	z->tail = rest;
	p->segs_left_w = p->segs_left_r = 0;
	return (long)cnt;
}

int iol_modrd_segs_spare(struct iol_modrd *rd, void **spare, size_t *sparecap)
{
	struct iol_modrd_priv *p = rd->priv;
	struct zin *z;
	uint8_t *nb = *spare;
	size_t held, cap = *sparecap;

	if (!p || !nb || p->marked ||
	    (rd->mod != IOL_MOD_DXT_POSIX && rd->mod != IOL_MOD_DXT_MPIIO))
		return 0;
	z = &p->z;
	held = z->tail - z->head;
	if (!z->buf || cap <= z->cap || cap < held)
		return 0;
	memcpy(nb, z->buf + z->head, held);
	*spare = z->buf;
	*sparecap = z->cap;
	z->buf = nb;
	z->cap = cap;
	z->head = 0;
	z->tail = held;
	return 1;
}

int iol_modrd_next(struct iol_modrd *rd, const struct iol_rec **rec,
		   struct iol_error *err)
{
	int ret;

	if (!rd->priv)
		return iol_error_set(err, IOL_EINVAL, "reader not open");
	switch (rd->mod) {
	case IOL_MOD_LUSTRE: ret = get_lustre(rd, err); break;
	case IOL_MOD_HEATMAP: ret = get_heatmap(rd, err); break;
	case IOL_MOD_MDHIM: ret = get_mdhim(rd, err); break;
	case IOL_MOD_DXT_POSIX:
	case IOL_MOD_DXT_MPIIO: ret = get_dxt(rd, err); break;
	default: ret = get_fixed(rd, err); break;
	}
	if (ret == 1) {
		if (rd->rec.rank < -1 || rd->rec.rank >= rd->d->nprocs)
			return iol_error_set(err, IOL_ECORRUPT,
					     "%s record %llu has rank %lld but "
					     "the job has %lld processes",
					     iol_modinfo(rd->mod)->name,
					     (unsigned long long)rd->nrec + 1,
					     (long long)rd->rec.rank,
					     (long long)rd->d->nprocs);
		rd->nrec++;
		*rec = &rd->rec;
	}
	return ret;
}
