/*
 * Compiling a replay script to its binary form and reading it back (see
 * compile.h).  The file: a fixed header, the string stream, the event
 * chunks of each rank, and the table stream, each compressed with zlib.
 * It is a cache written and read on one machine, so numbers are stored
 * in the machine's byte order, with a marker checked on load.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "replay/compile.h"
#include "base/sha256.h"
#include "base/banned.h"

#define CHUNK_EVENTS 4096
/* 2: events grew fd2, off2 (copy); 3: sections thread_of; 4: the fd
 * calls of a process's threads resolve to their files at the opens'
 * returns (the per-file totals of forms cached by 3 can differ); 5: the
 * key and seal are SHA-256, events carry their script line; 6: inputs
 * carry a link's target; 7: sections carry the most descriptors they
 * hold at once (maxfds); 8: the same layout, made only by a parser that
 * judges links by resolution (links.c) and checks every descriptor: a
 * form cached by 7 passed neither check and is compiled again */
#define MAGIC "IOLRPL8"

struct bhead {
	char magic[8];
	uint32_t order, recsize;
	unsigned char key[32];	/* SHA-256 of the script's text */
	unsigned char seal[32]; /* SHA-256 of the header (this zeroed) and
				   of all that follows it */
	uint64_t nstr, nbytes, ninput, nrank, nrewrite, ndropped, ndropev;
	uint64_t nchunk;
	double overhead, duroverhead, traced;
	int64_t inferred;
	char source[32], ofrom[16];
	struct iol_rtotals tot;
	uint64_t strs_off, tabs_off; /* the two streams */
};

struct brank {
	int64_t rank, pid, maxlen, thread_of;
	uint64_t n, first, nchunk, maxfds;
};

void iol_rbin_name(char *buf, size_t n, const char *dir,
		   const unsigned char key[32])
{
	char hex[65];

	iol_sha256_hex(key, hex);
	snprintf(buf, n, "%s/%s.iolr", dir, hex);
}

/* The seal of the file at fd whose header is h: the SHA-256 of the
 * header (its seal zeroed: the key and every count are sealed too) and
 * of all that follows it. */
static int seal_of(int fd, const struct bhead *h, unsigned char out[32])
{
	struct iol_sha256 c;
	struct bhead z = *h;
	unsigned char *buf = malloc(1 << 20);
	uint64_t off = sizeof(z);
	ssize_t k;

	if (!buf)
		return IOL_ENOMEM;
	memset(z.seal, 0, sizeof(z.seal));
	iol_sha256_init(&c);
	iol_sha256_update(&c, &z, sizeof(z));
	while ((k = pread(fd, buf, 1 << 20, (off_t)off)) > 0) {
		iol_sha256_update(&c, buf, (size_t)k);
		off += (uint64_t)k;
	}
	free(buf);
	if (k < 0)
		return IOL_EIO;
	iol_sha256_final(&c, out);
	return 0;
}

int iol_rbin_seal(int fd)
{
	struct bhead h;
	int rc;

	if (pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h))
		return IOL_ETRUNC;
	rc = seal_of(fd, &h, h.seal);
	if (rc == 0 && pwrite(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h))
		rc = IOL_EIO;
	return rc;
}

/*
 * One compressed stream (raw length, compressed length, bytes), deflated
 * a piece at a time straight from the arrays that hold it: a copy of the
 * strings, then of the tables, each with its compressed copy beside it,
 * took 1.4 M strings far past --max-memory.
 */
struct zout {
	FILE *f;
	long at; /* where its header is */
	uint64_t raw, zlen;
	z_stream zs;
	unsigned char out[16384];
};

static int zout_begin(struct zout *z, FILE *f, uint64_t raw)
{
	uint64_t hdr[2] = {raw, 0};

	memset(&z->zs, 0, sizeof(z->zs));
	z->f = f;
	z->raw = raw;
	z->zlen = 0;
	z->at = ftell(f);
	if (z->at < 0 || fwrite(hdr, sizeof(hdr), 1, f) != 1)
		return IOL_EIO;
	return deflateInit(&z->zs, 6) == Z_OK ? 0 : IOL_ENOMEM;
}

/* Deflate what is in zs with flush, writing what comes out. */
static int zout_run(struct zout *z, int flush)
{
	int r;

	do {
		size_t n;

		z->zs.next_out = z->out;
		z->zs.avail_out = sizeof(z->out);
		r = deflate(&z->zs, flush);
		if (r == Z_STREAM_ERROR)
			return IOL_ECOMPRESS;
		n = sizeof(z->out) - z->zs.avail_out;
		if (fwrite(z->out, 1, n, z->f) != n)
			return IOL_EIO;
		z->zlen += n;
	} while (z->zs.avail_out == 0 ||
		 (flush == Z_FINISH && r != Z_STREAM_END));
	return 0;
}

static int zout_put(struct zout *z, const void *d, size_t n)
{
	const unsigned char *p = d;
	int rc = 0;

	while (n && !rc) { /* avail_in is an unsigned int */
		uInt k = n > (1u << 30) ? 1u << 30 : (uInt)n;

		z->zs.next_in = (unsigned char *)(uintptr_t)p;
		z->zs.avail_in = k;
		rc = zout_run(z, Z_NO_FLUSH);
		p += k;
		n -= k;
	}
	return rc;
}

/* The stream's end, and its compressed length in its header. */
static int zout_end(struct zout *z, int rc)
{
	uint64_t hdr[2] = {z->raw, 0};

	if (!rc)
		rc = zout_run(z, Z_FINISH);
	deflateEnd(&z->zs);
	hdr[1] = z->zlen;
	if (!rc && (fseek(z->f, z->at, SEEK_SET) ||
		    fwrite(hdr, sizeof(hdr), 1, z->f) != 1 ||
		    fseek(z->f, 0, SEEK_END)))
		rc = IOL_EIO;
	return rc;
}

struct tabbuf {
	unsigned char *p;
	size_t n, cap;
};

static int tab_put(struct tabbuf *t, const void *d, size_t n)
{
	if (!n)
		return 0; /* d may be NULL then */
	while (t->n + n > t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 4096;
		unsigned char *np = realloc(t->p, nc);

		if (!np)
			return IOL_ENOMEM;
		t->p = np;
		t->cap = nc;
	}
	memcpy(t->p + t->n, d, n);
	t->n += n;
	return 0;
}

/* The most descriptors a section's own calls hold at once: its opens
 * and dups that returned one, less its closes that succeeded (a close
 * of another thread's descriptor lowers no count: an upper bound).  At
 * most its number of events, which the loader checks. */
static uint64_t max_fds(const struct iol_rrank *rk)
{
	uint64_t cur = 0, most = 0;
	size_t i;

	for (i = 0; i < rk->n; i++) {
		const struct iol_rev *e = &rk->ev[i];

		if ((e->op == IOL_ROP_OPEN || e->op == IOL_ROP_DUP) &&
		    e->ret >= 0 && ++cur > most)
			most = cur;
		else if (e->op == IOL_ROP_CLOSE && e->ret == 0 && cur > 0)
			cur--;
	}
	return most;
}

/* The chunks of every rank; their table is appended to tb. */
static int put_chunks(FILE *f, const struct iol_rscript *s, struct tabbuf *tb,
		      struct iol_rchunk **chs, size_t *nch)
{
	size_t r, i, cap = 0;
	int rc = 0;

	*chs = NULL;
	*nch = 0;
	for (r = 0; r < s->nrank && !rc; r++) {
		const struct iol_rrank *rk = &s->rank[r];
		struct brank br = {rk->rank, rk->pid, rk->maxlen, rk->thread_of,
				   rk->n,    *nch,    0,	  max_fds(rk)};

		for (i = 0; i < rk->n && !rc; i += CHUNK_EVENTS) {
			size_t k = rk->n - i < CHUNK_EVENTS ? rk->n - i
							    : CHUNK_EVENTS;
			long at = ftell(f);
			uLongf zl = compressBound((uLong)(k * sizeof(*rk->ev)));
			unsigned char *z = malloc(zl);

			if (*nch == cap) {
				struct iol_rchunk *nc =
					realloc(*chs, (cap = cap * 2 + 16) *
							      sizeof(*nc));
				if (!nc) {
					free(z);
					return IOL_ENOMEM;
				}
				*chs = nc;
			}
			if (!z || at < 0)
				rc = IOL_ENOMEM;
			else if (compress2(z, &zl, (const void *)(rk->ev + i),
					   (uLong)(k * sizeof(*rk->ev)),
					   1) != Z_OK)
				rc = IOL_ECOMPRESS;
			else if (fwrite(z, 1, zl, f) != zl)
				rc = IOL_EIO;
			(*chs)[(*nch)++] = (struct iol_rchunk){
				(uint64_t)at, (uint32_t)zl, (uint32_t)k};
			br.nchunk++;
			free(z);
		}
		if (!rc)
			rc = tab_put(tb, &br, sizeof(br));
	}
	return rc;
}

/* The tables: the sections' (in tb), inputs, rewrites, dropped paths,
 * the original's per-file totals, the chunks. */
static int put_tables(FILE *f, const struct iol_rscript *s, struct tabbuf *tb,
		      const struct iol_rchunk *chs, size_t nch)
{
	int64_t(*pf)[3] = calloc(s->nstr ? s->nstr : 1, sizeof(*pf));
	struct iol_rtotals t;
	struct zout z;
	int rc;

	if (!pf)
		return IOL_ENOMEM;
	iol_rscript_totals(s, &t, pf);
	rc = zout_begin(&z, f,
			tb->n + s->ninput * sizeof(*s->input) +
				(s->nrewrite + s->ndropped) * sizeof(uint32_t) +
				s->nstr * sizeof(*pf) + nch * sizeof(*chs));
	if (!rc)
		rc = zout_put(&z, tb->p, tb->n);
	if (!rc)
		rc = zout_put(&z, s->input, s->ninput * sizeof(*s->input));
	if (!rc)
		rc = zout_put(&z, s->rewrite, s->nrewrite * sizeof(uint32_t));
	if (!rc)
		rc = zout_put(&z, s->dropped, s->ndropped * sizeof(uint32_t));
	if (!rc)
		rc = zout_put(&z, pf, s->nstr * sizeof(*pf));
	if (!rc)
		rc = zout_put(&z, chs, nch * sizeof(*chs));
	rc = zout_end(&z, rc);
	free(pf);
	return rc;
}

static int write_all(FILE *f, const struct iol_rscript *s,
		     const unsigned char key[32])
{
	struct bhead h;
	struct tabbuf tb = {0};
	struct iol_rchunk *chs = NULL;
	size_t nch = 0;
	struct zout z;
	int rc;

	memset(&h, 0, sizeof(h));
	if (fwrite(&h, sizeof(h), 1, f) != 1)
		return IOL_EIO;
	h.strs_off = sizeof(h);
	/* the offsets, then the strings */
	rc = zout_begin(&z, f, s->nbytes + s->nstr * 4);
	if (!rc)
		rc = zout_put(&z, s->off, s->nstr * 4);
	if (!rc)
		rc = zout_put(&z, s->strs, s->nbytes);
	rc = zout_end(&z, rc);
	if (!rc)
		rc = put_chunks(f, s, &tb, &chs, &nch);
	h.tabs_off = (uint64_t)ftell(f);
	if (!rc)
		rc = put_tables(f, s, &tb, chs, nch);
	free(tb.p);
	free(chs);
	memcpy(h.magic, MAGIC, 8);
	h.order = 0x01020304;
	h.recsize = sizeof(struct iol_rev);
	memcpy(h.key, key, 32);
	h.nstr = s->nstr, h.nbytes = s->nbytes, h.ninput = s->ninput;
	h.nrank = s->nrank, h.nrewrite = s->nrewrite;
	h.ndropped = s->ndropped, h.ndropev = s->ndropev, h.nchunk = nch;
	h.overhead = s->overhead, h.traced = s->traced;
	h.duroverhead = s->duroverhead;
	h.inferred = s->inferred;
	memcpy(h.source, s->source, sizeof(h.source));
	memcpy(h.ofrom, s->overhead_from, sizeof(h.ofrom));
	iol_rscript_totals(s, &h.tot, NULL);
	if (!rc && (fseek(f, 0, SEEK_SET) || fwrite(&h, sizeof(h), 1, f) != 1))
		rc = IOL_EIO;
	return rc;
}

/* The largest read or write a section's buffer is made for: what the
 * loader takes (a call moves at most 2 GiB), else the line asking more
 * is named (it was "bad compiled form" when loaded). */
#define MAXLEN ((int64_t)1 << 31)

static int too_large(const struct iol_rscript *s, struct iol_error *err)
{
	size_t r, i;

	for (r = 0; r < s->nrank; r++)
		for (i = 0; s->rank[r].maxlen > MAXLEN && i < s->rank[r].n;
		     i++) {
			const struct iol_rev *e = &s->rank[r].ev[i];
			int64_t n = e->len > e->ret ? e->len : e->ret;
			int c = iol_rop_class(e->op);

			if ((c == IOL_RCLASS_READ || c == IOL_RCLASS_WRITE) &&
			    n > MAXLEN)
				return iol_error_set(
					err, IOL_EINVAL,
					"line %lu: a %s of %lld bytes, more "
					"than the 2 GiB a call moves",
					(unsigned long)e->line,
					iol_rop_name(e->op), (long long)n);
		}
	return 0;
}

int iol_rbin_write(const struct iol_rscript *s, const unsigned char key[32],
		   const char *path, struct iol_error *err)
{
	char tmp[4200];
	int fd, lk, rc = too_large(s, err);
	FILE *f;

	if (rc)
		return rc;
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0)
		return iol_error_set(err, IOL_EIO, "cannot create '%s': %s",
				     tmp, strerror(errno));
	/* locked until renamed (a descriptor of its own, as fclose comes
	 * first): a temporary nobody holds was left by a compilation
	 * killed midway, which the cache's pruning removes (cmd/replay.c;
	 * they stayed for ever) */
	lk = dup(fd);
	if (lk >= 0 && flock(lk, LOCK_EX)) {
		close(lk);
		lk = -1;
	}
	f = fdopen(fd, "wb");
	if (!f) {
		close(fd);
		unlink(tmp);
		if (lk >= 0)
			close(lk);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	rc = write_all(f, s, key);
	if (fflush(f) && !rc)
		rc = IOL_EIO;
	if (!rc)
		rc = iol_rbin_seal(fileno(f));
	if (fclose(f) && !rc)
		rc = IOL_EIO;
	if (!rc && rename(tmp, path))
		rc = IOL_EIO;
	if (rc)
		unlink(tmp);
	if (lk >= 0)
		close(lk);
	if (rc)
		return iol_error_set(err, rc, "cannot write '%s'", path);
	return 0;
}

/*
 * A stream inflated a piece at a time straight into the arrays that keep
 * it: inflated whole first, then copied, the tables were held twice (and
 * the compressed bytes beside them), 160 MB for 1.4 M strings under
 * --max-memory 64M.  left: the raw bytes not yet taken.
 */
struct zin {
	int fd;
	uint64_t off, zleft, left;
	z_stream zs;
	int end; /* inflate reached the stream's end */
	unsigned char in[16384];
};

static int zin_open(struct zin *z, int fd, uint64_t off)
{
	struct stat sb;
	uint64_t hdr[2];

	memset(&z->zs, 0, sizeof(z->zs));
	z->end = 0;
	/* sizes bounded by the file and by zlib's largest ratio (1032:1)
	 * before anything is allocated */
	if (fstat(fd, &sb) < 0 || off > (uint64_t)sb.st_size ||
	    pread(fd, hdr, sizeof(hdr), (off_t)off) != (ssize_t)sizeof(hdr) ||
	    hdr[1] > (uint64_t)sb.st_size - off ||
	    hdr[0] > hdr[1] * 1032 + 64 || hdr[0] > ((uint64_t)1 << 34))
		return IOL_ECORRUPT;
	z->fd = fd;
	z->off = off + sizeof(hdr);
	z->zleft = hdr[1];
	z->left = hdr[0];
	return inflateInit(&z->zs) == Z_OK ? 0 : IOL_ENOMEM;
}

/* The next n raw bytes into d. */
static int zin_take(struct zin *z, void *d, size_t n)
{
	ssize_t k;
	int r;

	if (n > z->left)
		return IOL_ECORRUPT;
	z->left -= n;
	z->zs.next_out = d;
	while (n) {
		uInt step = n > (1u << 30) ? 1u << 30 : (uInt)n;

		z->zs.avail_out = step;
		while (z->zs.avail_out) {
			if (!z->zs.avail_in && z->zleft) {
				k = pread(z->fd, z->in,
					  z->zleft < sizeof(z->in)
						  ? (size_t)z->zleft
						  : sizeof(z->in),
					  (off_t)z->off);
				if (k <= 0)
					return IOL_ETRUNC;
				z->off += (uint64_t)k, z->zleft -= (uint64_t)k;
				z->zs.next_in = z->in;
				z->zs.avail_in = (uInt)k;
			}
			if (z->end)
				return IOL_ECOMPRESS;
			r = inflate(&z->zs, Z_NO_FLUSH);
			if (r == Z_STREAM_END)
				z->end = 1;
			else if (r != Z_OK)
				return IOL_ECOMPRESS;
		}
		n -= step;
	}
	return 0;
}

/* count items of size bytes into a new array: the count is checked
 * against the bytes the stream still holds before anything is allocated
 * (a damaged count must not ask for terabytes) */
static void *zin_new(struct zin *z, uint64_t count, size_t size, int *rc)
{
	size_t n;
	void *d;

	if (*rc)
		return NULL;
	if (count > z->left / size) {
		*rc = IOL_ECORRUPT;
		return NULL;
	}
	n = (size_t)count * size;
	d = malloc(n ? n : 1);
	if (!d)
		*rc = IOL_ENOMEM;
	else
		*rc = zin_take(z, d, n);
	return d;
}

static int load_strings(struct iol_rbin *b, int fd, const struct bhead *h)
{
	struct iol_rscript *s = &b->s;
	struct zin z;
	size_t i;
	int rc = zin_open(&z, fd, h->strs_off);

	if (!rc && (h->nstr > z.left / 4 || h->nbytes > z.left ||
		    z.left != h->nstr * 4 + h->nbytes))
		rc = IOL_ECORRUPT;
	if (!rc) {
		s->off = malloc(h->nstr * 4 + 4);
		s->strs = malloc(h->nbytes + 1);
		rc = !s->off || !s->strs ? IOL_ENOMEM : 0;
	}
	if (!rc)
		rc = zin_take(&z, s->off, h->nstr * 4);
	if (!rc)
		rc = zin_take(&z, s->strs, h->nbytes);
	inflateEnd(&z.zs);
	if (rc)
		return rc;
	s->strs[h->nbytes] = 0;
	if (h->nbytes && s->strs[h->nbytes - 1])
		return IOL_ECORRUPT;
	s->nstr = h->nstr;
	s->nbytes = h->nbytes;
	for (i = 0; i < s->nstr; i++)
		if (s->off[i] >= s->nbytes)
			return IOL_ECORRUPT;
	return 0;
}

static int load_tables(struct iol_rbin *b, int fd, const struct bhead *h)
{
	struct iol_rscript *s = &b->s;
	struct zin z;
	size_t r;
	int rc = zin_open(&z, fd, h->tabs_off);

	if (rc)
		return rc;
	if (h->nrank > z.left / sizeof(struct brank)) {
		inflateEnd(&z.zs);
		return IOL_ECORRUPT;
	}
	s->rank = calloc(h->nrank ? h->nrank : 1, sizeof(*s->rank));
	b->first = calloc(h->nrank ? h->nrank : 1, sizeof(uint64_t));
	b->nchunk = calloc(h->nrank ? h->nrank : 1, sizeof(uint64_t));
	b->maxfds = calloc(h->nrank ? h->nrank : 1, sizeof(uint64_t));
	if (!s->rank || !b->first || !b->nchunk || !b->maxfds)
		rc = IOL_ENOMEM;
	for (r = 0; r < h->nrank && !rc; r++) {
		struct brank br;

		rc = zin_take(&z, &br, sizeof(br));
		s->rank[r].rank = br.rank, s->rank[r].pid = br.pid;
		s->rank[r].thread_of = br.thread_of;
		s->rank[r].maxlen = br.maxlen, s->rank[r].n = br.n;
		b->first[r] = br.first, b->nchunk[r] = br.nchunk;
		b->maxfds[r] = br.maxfds;
		if (!rc &&
		    (br.first > h->nchunk || br.nchunk > h->nchunk - br.first ||
		     br.maxlen < 0 || br.maxlen > MAXLEN || br.maxfds > br.n))
			rc = IOL_ECORRUPT;
	}
	s->nrank = h->nrank;
	s->input = zin_new(&z, h->ninput, sizeof(*s->input), &rc);
	s->ninput = h->ninput;
	s->rewrite = zin_new(&z, h->nrewrite, 4, &rc);
	s->nrewrite = h->nrewrite;
	s->dropped = zin_new(&z, h->ndropped, 4, &rc);
	s->ndropped = h->ndropped;
	b->per_file = zin_new(&z, h->nstr, sizeof(*b->per_file), &rc);
	b->chunk = zin_new(&z, h->nchunk, sizeof(*b->chunk), &rc);
	inflateEnd(&z.zs);
	return rc;
}

static int ids_ok(const struct iol_rbin *b)
{
	const struct iol_rscript *s = &b->s;
	size_t i;

	/* and an input's size as the parser allows it (script-parse.c
	 * st_input): the sizes are summed against --max-stage, and 2^62
	 * twice wrapped that sum below it */
	for (i = 0; i < s->ninput; i++)
		if (s->input[i].path >= s->nstr ||
		    s->input[i].target >= s->nstr || s->input[i].size < -1 ||
		    s->input[i].size > ((int64_t)1 << 42) ||
		    (s->input[i].target && s->input[i].size != -1))
			return 0;
	for (i = 0; i < s->nrewrite; i++)
		if (s->rewrite[i] >= s->nstr)
			return 0;
	for (i = 0; i < s->ndropped; i++)
		if (s->dropped[i] >= s->nstr)
			return 0;
	return 1;
}

/* Every count against what the chunks hold: each rank's chunks follow
 * the previous rank's, hold its events and no more, and lie in the
 * file; so a cursor never returns more events than its rank declares. */
static int counts_ok(const struct iol_rbin *b, uint64_t nchunk, uint64_t size)
{
	uint64_t r, k, at = 0, n;

	for (r = 0; r < b->s.nrank; r++) {
		if (b->first[r] != at)
			return 0;
		for (k = at, n = 0; k < at + b->nchunk[r]; k++) {
			const struct iol_rchunk *c = &b->chunk[k];

			if (!c->nrec || c->nrec > CHUNK_EVENTS ||
			    c->off > size || c->zlen > size - c->off)
				return 0;
			n += c->nrec;
		}
		if (n != b->s.rank[r].n)
			return 0;
		at += b->nchunk[r];
	}
	return at == nchunk;
}

/* The file is ours to trust: a regular file of this user that nobody
 * else may write (a cache in a shared directory is not). */
static int owned_fd(int fd, struct stat *st)
{
	return fstat(fd, st) == 0 && S_ISREG(st->st_mode) &&
	       st->st_uid == geteuid() && !(st->st_mode & 022);
}

static void take_header(struct iol_rbin *b, const struct bhead *h)
{
	b->s.ndropev = h->ndropev;
	b->s.overhead = h->overhead, b->s.traced = h->traced;
	b->s.duroverhead = h->duroverhead;
	b->s.inferred = (int)h->inferred;
	memcpy(b->s.source, h->source, sizeof(h->source) - 1);
	memcpy(b->s.overhead_from, h->ofrom, sizeof(h->ofrom) - 1);
	b->tot = h->tot;
}

/* What a form of these counts holds loaded: its strings and their
 * offsets, the original's per-file totals, the other tables. */
static uint64_t memory_of(uint64_t nstr, uint64_t nbytes, uint64_t ninput,
			  uint64_t nrank, uint64_t nids, uint64_t nchunk)
{
	long double m = (long double)nbytes + (long double)nstr * (4 + 24) +
			(long double)ninput * sizeof(struct iol_rinput) +
			(long double)nrank * (sizeof(struct iol_rrank) + 24) +
			(long double)nids * 4 +
			(long double)nchunk * sizeof(struct iol_rchunk);

	return m < (long double)UINT64_MAX ? (uint64_t)m : UINT64_MAX;
}

uint64_t iol_rbin_memory(const struct iol_rbin *b)
{
	const struct iol_rscript *s = &b->s;
	size_t r;
	uint64_t nchunk = 0;

	for (r = 0; b->nchunk && r < s->nrank; r++)
		nchunk += b->nchunk[r];
	return memory_of(s->nstr, s->nbytes, s->ninput, s->nrank,
			 s->nrewrite + s->ndropped, nchunk);
}

int iol_rbin_load(struct iol_rbin *b, const char *path,
		  const unsigned char key[32], struct iol_error *err)
{
	return iol_rbin_load_within(b, path, key, 0, err);
}

int iol_rbin_load_within(struct iol_rbin *b, const char *path,
			 const unsigned char key[32], uint64_t max_memory,
			 struct iol_error *err)
{
	uint64_t mem;
	struct bhead h;
	struct stat st;
	unsigned char seal[32];
	/* O_NONBLOCK: a FIFO put in its place must not hang the open
	 * (owned_fd() then refuses it) */
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), rc;

	memset(b, 0, sizeof(*b));
	b->fd = -1;
	if (fd < 0)
		return iol_error_set(err, IOL_EIO, "%s", strerror(errno));
	if (!owned_fd(fd, &st)) {
		close(fd);
		return iol_error_set(err, IOL_ENOTLOG,
				     "not a file of this user alone");
	}
	if (pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h) ||
	    memcmp(h.magic, MAGIC, 8) || h.order != 0x01020304 ||
	    h.recsize != sizeof(struct iol_rev) || memcmp(h.key, key, 32)) {
		close(fd);
		return iol_error_set(err, IOL_ENOTLOG, "not the compiled form");
	}
	rc = seal_of(fd, &h, seal);
	if (!rc && memcmp(seal, h.seal, 32))
		rc = IOL_ECORRUPT;
	if (!rc && (h.nstr > UINT32_MAX || h.nrank > (1u << 24)))
		rc = IOL_ECORRUPT;
	/* refused before anything is allocated: a form compiled under a
	 * larger limit, reused under this one */
	mem = memory_of(h.nstr, h.nbytes, h.ninput, h.nrank,
			h.nrewrite + h.ndropped, h.nchunk);
	if (!rc && max_memory && mem > max_memory) {
		close(fd);
		return iol_error_set(err, IOL_EINVAL,
				     "its compiled form's strings and tables "
				     "take %llu bytes, more than %llu "
				     "(--max-memory)",
				     (unsigned long long)mem,
				     (unsigned long long)max_memory);
	}
	if (!rc)
		rc = load_strings(b, fd, &h);
	if (!rc)
		rc = load_tables(b, fd, &h);
	if (!rc &&
	    (!ids_ok(b) || !counts_ok(b, h.nchunk, (uint64_t)st.st_size)))
		rc = IOL_ECORRUPT;
	take_header(b, &h);
	if (rc) {
		close(fd);
		iol_rbin_release(b);
		return iol_error_set(err, rc, "bad compiled form");
	}
	b->fd = fd;
	return 0;
}

void iol_rbin_release(struct iol_rbin *b)
{
	if (b->fd >= 0)
		close(b->fd);
	iol_rscript_release(&b->s);
	free(b->per_file);
	free(b->chunk);
	free(b->first);
	free(b->nchunk);
	free(b->maxfds);
	memset(b, 0, sizeof(*b));
	b->fd = -1;
}

int iol_rcursor_open(struct iol_rcursor *c, const struct iol_rbin *b, size_t r)
{
	memset(c, 0, sizeof(*c));
	c->fd = b->fd; /* pread only: one descriptor serves every cursor */
	c->ch = b->chunk + b->first[r];
	c->nch = b->nchunk[r];
	c->cur = 0;
	return c->fd >= 0 && r < b->s.nrank ? 0 : IOL_EINVAL;
}

uint64_t iol_rcursor_memory(const struct iol_rbin *b, size_t r)
{
	uint64_t k, rec = 0, z = 0;

	for (k = 0; r < b->s.nrank && k < b->nchunk[r]; k++) {
		const struct iol_rchunk *ch = &b->chunk[b->first[r] + k];

		rec = ch->nrec > rec ? ch->nrec : rec;
		z = ch->zlen > z ? ch->zlen : z;
	}
	return 2 * rec * sizeof(struct iol_rev) + z;
}

/* Inflate chunk c->next into buffer k. */
static int inflate_chunk(struct iol_rcursor *c, int k)
{
	const struct iol_rchunk *ch = &c->ch[c->next];
	size_t raw = (size_t)ch->nrec * sizeof(struct iol_rev);
	uLongf rl = (uLongf)raw;

	if (ch->zlen > c->zcap) {
		unsigned char *nz = realloc(c->z, ch->zlen);

		if (!nz)
			return IOL_ENOMEM;
		c->z = nz;
		c->zcap = ch->zlen;
	}
	if (ch->nrec > c->cap[k]) {
		struct iol_rev *nb = realloc(c->buf[k], raw);

		if (!nb)
			return IOL_ENOMEM;
		c->buf[k] = nb;
		c->cap[k] = ch->nrec;
	}
	if (pread(c->fd, c->z, ch->zlen, (off_t)ch->off) != (ssize_t)ch->zlen)
		return IOL_ETRUNC;
	if (uncompress((void *)c->buf[k], &rl, c->z, ch->zlen) != Z_OK ||
	    rl != raw)
		return IOL_ECOMPRESS;
	c->have[k] = ch->nrec;
	c->next++;
	return 0;
}

int iol_rcursor_ahead(struct iol_rcursor *c)
{
	int rc;

	if (c->ahead || c->next >= c->nch)
		return 0;
	rc = inflate_chunk(c, !c->cur);
	if (rc)
		return rc;
	c->ahead = 1;
	return 1;
}

/* A descriptor of an event as the parser makes it: where the operation
 * takes one (its letter, d or e, in iol_rop_args()) from 0 to 2^20, a
 * wait's section (fd) from 0, else none (-1).  A -1 where a descriptor
 * is taken reached the engine's map, which gave an empty slot's value:
 * 0, standard input written and truncated. */
static int bad_fd(int op, int32_t fd, char letter)
{
	if (op == IOL_ROP_WAIT && letter == 'd')
		return fd < 0;
	if (strchr(iol_rop_args(op), letter))
		return fd < 0 || fd > (1 << 20);
	return fd != -1;
}

/* What no event may be, even in a sealed file: a program that wrote it
 * may have had a bug, and nothing out of range may reach the engine. */
static int bad_event(const struct iol_rev *e)
{
	const int64_t big = (int64_t)1 << 62;

	if (e->op >= IOL_ROP_COUNT || bad_fd(e->op, e->fd, 'd') ||
	    bad_fd(e->op, e->fd2, 'e'))
		return 1;
	if (e->op == IOL_ROP_CLONE && /* as the parser holds them */
	    (e->off < 0 || e->off > big || e->off2 < 0 || e->off2 > big ||
	     e->len < 0 || e->len > big))
		return 1;
	return !(e->gap >= 0) || !(e->gap <= 1e15) || !(e->dur >= 0) ||
	       !(e->dur <= 1e15);
}

int iol_rcursor_next(struct iol_rcursor *c, const struct iol_rev **ev)
{
	int rc;

	if (c->mem) { /* checked when inflated */
		if (c->pos >= c->nmem)
			return 0;
		*ev = &c->mem[c->pos++];
		return 1;
	}
	if (c->pos >= c->have[c->cur]) {
		if (!c->ahead && (rc = iol_rcursor_ahead(c)) <= 0)
			return rc;
		c->have[c->cur] = 0;
		c->cur = !c->cur;
		c->pos = 0;
		c->ahead = 0;
	}
	*ev = &c->buf[c->cur][c->pos++];
	return bad_event(*ev) ? IOL_ECORRUPT : 1;
}

void iol_rcursor_mem(struct iol_rcursor *c, const struct iol_rev *ev, size_t n)
{
	memset(c, 0, sizeof(*c));
	c->fd = -1;
	c->mem = ev;
	c->nmem = n;
}

int iol_rbin_events(const struct iol_rbin *b, size_t r, struct iol_rev **ev,
		    size_t *n)
{
	struct iol_rcursor c;
	const struct iol_rev *e;
	size_t k = 0, want = r < b->s.nrank ? b->s.rank[r].n : 0;
	struct iol_rev *a = malloc((want ? want : 1) * sizeof(*a));
	int rc = a ? iol_rcursor_open(&c, b, r) : IOL_ENOMEM;

	/* counts_ok() held the chunks to the rank's count at load */
	while (rc == 0 && (rc = iol_rcursor_next(&c, &e)) > 0) {
		rc = k < want ? 0 : IOL_ECORRUPT;
		if (rc == 0)
			a[k++] = *e;
	}
	if (a)
		iol_rcursor_release(&c);
	if (rc == 0 && k != want)
		rc = IOL_ECORRUPT;
	if (rc) {
		free(a);
		return rc;
	}
	*ev = a;
	*n = k;
	return 0;
}

void iol_rcursor_release(struct iol_rcursor *c)
{
	free(c->buf[0]);
	free(c->buf[1]);
	free(c->z);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}
