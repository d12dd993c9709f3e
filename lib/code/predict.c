/*
 * Propagation of predicted I/O up the block tree (code/predict.h).  A
 * line adds its calls; a call to a function of the parsed files adds that
 * function's prediction (computed first; a cycle of calls is cut and
 * marked); a loop multiplies its body by its trip count, or moves it to
 * the per-iteration part when the count is unknown; the arms of one `if`
 * are alternatives, and the larger (bytes, then calls) counts, so that a
 * prediction with branches is an upper bound.  Ranking is by bytes, then
 * calls, with unknown trip counts taken as one iteration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/predict.h"
#include "base/banned.h"

enum { MARK_NONE, MARK_BUSY, MARK_DONE };

/* b may be negative (IOL_CP_FBUF_W's unit-fraction off at a flush) */
static int64_t sat_add(int64_t a, int64_t b)
{
	return b > 0 && a > INT64_MAX - b ? INT64_MAX : a + b;
}

static int64_t sat_mul(int64_t a, int64_t b)
{
	if (a == 0 || b == 0)
		return 0;
	return a > INT64_MAX / b ? INT64_MAX : a * b;
}

int64_t iol_cpred_one(const struct iol_cpred *p, enum iol_cpk k)
{
	return sat_add(p->fixed[k], p->per[k]);
}

static void pred_add(struct iol_cpred *to, const struct iol_cpred *from)
{
	int k;

	for (k = 0; k < IOL_CP_N; k++) {
		to->fixed[k] = sat_add(to->fixed[k], from->fixed[k]);
		to->per[k] = sat_add(to->per[k], from->per[k]);
	}
	to->recursive |= from->recursive;
	to->opaque |= from->opaque;
}

static int empty(const struct iol_cpred *p)
{
	return iol_cpred_one(p, IOL_CP_CALLS) == 0 && !p->recursive &&
	       !p->opaque;
}

/* a before b when a predicts more I/O: bytes, then calls */
static int more(const struct iol_cpred *a, const struct iol_cpred *b)
{
	int64_t ba = sat_add(iol_cpred_one(a, IOL_CP_BYTES_READ),
			     iol_cpred_one(a, IOL_CP_BYTES_WRITTEN));
	int64_t bb = sat_add(iol_cpred_one(b, IOL_CP_BYTES_READ),
			     iol_cpred_one(b, IOL_CP_BYTES_WRITTEN));

	if (ba != bb)
		return ba > bb;
	return iol_cpred_one(a, IOL_CP_CALLS) > iol_cpred_one(b, IOL_CP_CALLS);
}

static void predict_fn(struct iol_cblock *f);

/*
 * The values a call gives a function's parameters: its constant
 * arguments, and the caller's own parameters it passes on where the
 * caller's caller fixed them (outer).  Followed BIND_DEPTH calls deep.
 */
#define BIND_DEPTH 3

struct bind {
	int64_t v[IOL_CARGS];
	/* the constant fields of the structs the parameters point to or
	 * are (iol_ccall.argf), NULL none */
	const struct iol_cfield *f[IOL_CARGS];
	/* sizeof the type arguments of the call's template (tsizes) */
	const struct iol_cfield *ts;
	unsigned same[IOL_CARGS]; /* bit j: parameter j is the same
				   * stream (iol_ccall.argsame) */
	/* the calls of one stream alone: parameter only's (-1 every call,
	 * -2 none: the stream is not given to this function) */
	int only;
	unsigned fresh; /* bit i: parameter i a stream its caller opened
			 * and has not used (iol_ccall.argfresh) */
	unsigned bstat; /* of those, no setvbuf buffer (argbstat) */
};

static void bound_block(const struct iol_cblock *b, const struct bind *bd,
			int depth, struct iol_cpred *out);

/* whether b's I/O, callees' left out, depends on a parameter */
static int uses_params(const struct iol_cblock *b)
{
	const struct iol_cblock *ch;
	const struct iol_ccall *cc;
	int i;

	if ((b->kind == IOL_CB_LOOP && b->trip_param >= 0) ||
	    (b->kind == IOL_CB_BRANCH && b->cond_param >= 0))
		return 1;
	for (cc = b->calls; cc; cc = cc->next) {
		if (cc->size_param >= 0 || cc->clean_params ||
		    cc->size_tparam || cc->fresh_if || cc->bstat_if)
			return 1;
		for (i = 0; cc->argp && i < cc->nargs; i++)
			if (cc->argp[i] >= 0 ||
			    (cc->argfpath && cc->argfpath[i]))
				return 1;
	}
	for (ch = b->first; ch; ch = ch->next)
		if (uses_params(ch))
			return 1;
	return 0;
}

/* the parameters b's buffered stdio writes are the streams of (bit i) */
static unsigned stream_params(const struct iol_cblock *b)
{
	const struct iol_cblock *ch;
	const struct iol_ccall *cc;
	unsigned m = 0;

	for (cc = b->calls; cc; cc = cc->next)
		if (cc->api == IOL_CAPI_STDIO && cc->op == IOL_COP_WRITE &&
		    cc->bufsize > 0 && cc->stream_param >= 0 &&
		    cc->stream_param < IOL_CARGS)
			m |= 1u << cc->stream_param;
	for (ch = b->first; ch; ch = ch->next)
		m |= stream_params(ch);
	return m;
}

/* a function's I/O depends on its parameters, or it writes two streams
 * it is given (each buffer's write(2) apart: iol_cblock_sys_w_call()) */
static int fn_binds(struct iol_cblock *f)
{
	unsigned m;

	if (!f->binds) {
		m = stream_params(f);
		f->binds = uses_params(f) || (m & (m - 1)) ? 2 : 1;
	}
	return f->binds == 2;
}

/* `v OP x` of an argument passing on a parameter (iol_ccall.argop),
 * IOL_CUNKNOWN out of range */
static int64_t arg_apply(char op, int64_t v, int64_t x)
{
	const int64_t lim = (int64_t)1 << 52;
	int64_t a = v < 0 ? -v : v;

	if (v > lim || v < -lim || x > lim || x < -lim)
		return IOL_CUNKNOWN;
	switch (op) {
	case '+': return v + x;
	case '-': return v - x;
	case 'm': return x - v;
	case '*':
		return a && (x > lim / a || x < -lim / a) ? IOL_CUNKNOWN
							  : v * x;
	case '/': return x ? v / x : IOL_CUNKNOWN;
	default: return IOL_CUNKNOWN;
	}
}

/* the value of parameter p under bd, or of its field (a path, NULL:
 * the parameter itself); IOL_CUNKNOWN not fixed */
static int64_t bind_val(const struct bind *bd, int p, const char *field)
{
	const struct iol_cfield *f;

	if (!bd || p < 0 || p >= IOL_CARGS)
		return IOL_CUNKNOWN;
	if (!field)
		return bd->v[p];
	for (f = bd->f[p]; f; f = f->next)
		if (!strcmp(f->path, field))
			return f->v;
	return IOL_CUNKNOWN;
}

/* the binding of cc's callee; 1 when it fixes a parameter */
static int bind_of(const struct iol_ccall *cc, const struct bind *outer,
		   struct bind *b)
{
	int i, any = 0;

	for (i = 0; i < IOL_CARGS; i++) {
		b->v[i] = IOL_CUNKNOWN;
		b->f[i] = NULL;
		b->same[i] = 0;
	}
	b->ts = cc->tsizes;
	b->only = -1;
	b->fresh = cc->argfresh;
	b->bstat = cc->argbstat;
	any = b->fresh != 0;
	if (outer && outer->only != -1) {
		b->only = -2;
		for (i = 0; outer->only >= 0 && cc->argp && i < cc->nargs; i++)
			if (cc->argp[i] == outer->only &&
			    (!cc->argop || !cc->argop[i])) {
				b->only = i;
				break;
			}
		any = 1;
	}
	for (i = 0; cc->argsame && i < cc->nargs; i++) {
		b->same[i] = cc->argsame[i];
		any |= b->same[i] != 0;
	}
	for (i = 0; cc->argk && cc->argp && i < cc->nargs; i++) {
		/* the caller's caller's value before an assumed one */
		int64_t o = outer && cc->argp[i] >= 0 ? outer->v[cc->argp[i]]
						      : IOL_CUNKNOWN;

		/* or a field of a struct it was given: the caller's value */
		if (cc->argfpath && cc->argfpath[i])
			o = bind_val(outer, cc->argfp[i], cc->argfpath[i]);

		if (o != IOL_CUNKNOWN && cc->argop && cc->argop[i])
			o = arg_apply(cc->argop[i], o, cc->argx[i]);
		if (cc->argk[i] != IOL_CUNKNOWN &&
		    (o == IOL_CUNKNOWN || !(cc->arg_assumed & (1u << i))))
			b->v[i] = cc->argk[i];
		else
			b->v[i] = o;
		/* a struct's fields: the caller's, or its caller's when it
		 * passes its own parameter on */
		if (cc->argf && cc->argf[i])
			b->f[i] = cc->argf[i];
		else if (outer && cc->argp[i] >= 0 &&
			 (!cc->argop || !cc->argop[i]))
			b->f[i] = outer->f[cc->argp[i]];
		any |= b->v[i] != IOL_CUNKNOWN || b->f[i];
	}
	return any || b->ts;
}

/* a size fixed by the binding: a read or write of known bytes */
static void bind_size(const struct iol_ccall *cc, const struct bind *bd,
		      struct iol_cpred *p)
{
	const struct iol_cfield *f;
	int64_t v = 1;

	if (!bd || (cc->size_param < 0 && !cc->size_tparam))
		return;
	if (cc->size_param >= 0 &&
	    ((v = bind_val(bd, cc->size_param, cc->size_field)) ==
		     IOL_CUNKNOWN ||
	     v < 0))
		return;
	if (cc->size_tparam) {
		for (f = bd->ts; f && strcmp(f->path, cc->size_tparam);
		     f = f->next)
			;
		if (!f)
			return;
		v = sat_mul(v, f->v);
	}
	v = sat_mul(v, cc->size_mul);
	if (cc->op == IOL_COP_READ) {
		p->fixed[IOL_CP_BYTES_READ] = v;
		p->fixed[IOL_CP_UNSIZED_R] = 0;
	} else if (cc->op == IOL_COP_WRITE) {
		p->fixed[IOL_CP_BYTES_WRITTEN] = v;
		p->fixed[IOL_CP_UNSIZED_W] = 0;
	}
}

/* a read or write of a known size under 4 KiB: a small one (P13) */
static void small_pred(struct iol_cpred *p)
{
	if ((p->fixed[IOL_CP_READS] && !p->fixed[IOL_CP_UNSIZED_R] &&
	     p->fixed[IOL_CP_BYTES_READ] < 4096) ||
	    (p->fixed[IOL_CP_WRITES] && !p->fixed[IOL_CP_UNSIZED_W] &&
	     p->fixed[IOL_CP_BYTES_WRITTEN] < 4096))
		p->fixed[IOL_CP_SMALL] = 1;
}

/* units of a buffered call of bytes through a buffer of bufsize: its
 * share of the buffer; a call at least as large goes to the kernel
 * itself (glibc writes or reads it directly), one call and the rest's
 * share.  A write's share is rounded up (its stream's writes are summed
 * rounded down, what is left going out at a flush): a buffer that is no
 * power of two still fills after as many calls as it holds. */
static int64_t buf_units(int64_t bytes, int64_t bufsize, int up)
{
	int64_t rest = bytes % bufsize;
	int64_t part = rest <= INT64_MAX / IOL_CSYS_UNIT
			       ? rest * IOL_CSYS_UNIT / bufsize
			       : (rest / bufsize) * IOL_CSYS_UNIT;

	if (up && part < IOL_CSYS_UNIT && rest <= INT64_MAX / IOL_CSYS_UNIT &&
	    rest * IOL_CSYS_UNIT % bufsize)
		part++;
	if (bytes < bufsize)
		return part ? part : bytes > 0;
	return IOL_CSYS_UNIT + part;
}

static void call_pred(struct iol_ccall *cc, const struct bind *bd, int depth,
		      struct iol_cpred *p);

/* libstdc++'s filebuf: 8191 bytes of its 8192 are a buffer, and a
 * write of at least IOL_CCXX_CHUNK, or of what is left of it, goes out
 * at once with the buffer's bytes before it (one writev(2)), emptying
 * it */
#define CXX_ROOM (IOL_CBUF_CXX - 1)

/*
 * A C++ file stream's write of n bytes, in IOL_CSYS_UNIT-ths of a
 * system call, as libstdc++'s basic_filebuf::xsputn sends it: a write
 * of 1 KiB or more is one writev(2) with whatever the buffer held; a
 * smaller one is buffered until one no longer fits in what is left, so
 * every ceil(8191 / n)-th write is one writev(2) of them all (200
 * writes of 1000 B: 22 writev of 9000 B, 2000 B left).  Rounded up, so
 * that p writes add up to a whole call.
 */
static int64_t cxx_units(int64_t n)
{
	int64_t per;

	if (n <= 0)
		return 0;
	if (n >= IOL_CCXX_CHUNK)
		return IOL_CSYS_UNIT;
	per = (CXX_ROOM + n - 1) / n;
	return (IOL_CSYS_UNIT + per - 1) / per;
}

/*
 * A C++ file stream's read of n bytes, in units: libstdc++'s
 * basic_filebuf::xsgetn reads a request larger than its 8191 B get area
 * with one read(2) of its own (what the buffer held first), a smaller
 * one through that area, refilled with read(2) of 8191 B (20 reads of
 * 4096 B: 11 read(2), not 10).
 */
static int64_t cxx_read_units(int64_t n)
{
	if (n <= 0)
		return 0;
	return n > CXX_ROOM ? IOL_CSYS_UNIT : buf_units(n, CXX_ROOM, 0);
}

static void carry_pred(const struct iol_ccall *cc, struct iol_cpred *p);

/* call cc of a stream's run: a call of a function that only writes
 * the stream (its argument q), that stream's writes alone (another
 * stream's fill no buffer of this one); else all of it */
static void one_stream(struct iol_ccall *cc, int q, struct iol_cpred *p)
{
	struct iol_cblock *f = (struct iol_cblock *)cc->callee;
	struct bind nb;

	if (q < 0 || q >= IOL_CARGS || cc->op != IOL_COP_CALL || !f ||
	    f->mark == MARK_BUSY) {
		call_pred(cc, NULL, 0, p);
		return;
	}
	predict_fn(f);
	bind_of(cc, NULL, &nb);
	nb.only = q;
	bound_block(f, &nb, 1, p);
	carry_pred(cc, p);
}

/*
 * What the writes of a FILE *'s run leave in its buffer for the flush
 * cc to send, in units (0 < rest <= IOL_CSYS_UNIT): glibc sends a full
 * buffer only when the next byte comes, so the run's P units of shares
 * make (P - 1) / IOL_CSYS_UNIT write(2) at the writes and one at the
 * flush, and a run of exactly whole buffers leaves a whole one (8 fwrite
 * of 512 B and a fflush: one write(2), at the fflush).  Taking the rest
 * off at the flush keeps one run's shares from adding to another's in
 * the blocks around both.  1 when the run is not known.
 */
static int64_t run_rest(const struct iol_ccall *cc)
{
	struct iol_cpred v;
	int64_t sum = 0, u, bytes = 0, b;
	int i, exact = cc->bufsize > 0;

	for (i = 0; cc->run && i < cc->nrun; i++) {
		one_stream(cc->run[i], cc->runarg ? cc->runarg[i] : -1, &v);
		u = v.fixed[IOL_CP_FBUF_W];
		if (v.fixed[IOL_CP_SYS_UNK_W] || u < 0 ||
		    (cc->runmul[i] && u > INT64_MAX / cc->runmul[i]))
			return 1;
		u *= cc->runmul[i];
		if (sum > INT64_MAX - u)
			return 1;
		sum += u;
		/* bytes smaller than the flush's buffer, through it */
		b = v.fixed[IOL_CP_BYTES_WRITTEN];
		if (cc->run[i]->bufsize != cc->bufsize || b >= cc->bufsize ||
		    (cc->runmul[i] && b > INT64_MAX / cc->runmul[i]) ||
		    bytes > INT64_MAX - b * cc->runmul[i])
			exact = 0;
		else
			bytes += b * cc->runmul[i];
	}
	if (!cc->run || sum <= 0)
		return 1;
	/* the full buffers the writes sent, counted in bytes where all
	 * went through the buffer: shares rounded up add up to more than
	 * a whole one when the buffer is no power of two (10 fwrite of
	 * 100 B through setvbuf's 1000 B fill it exactly) */
	if (exact && bytes > 0 &&
	    sum - (bytes - 1) / cc->bufsize * IOL_CSYS_UNIT > 0)
		return sum - (bytes - 1) / cc->bufsize * IOL_CSYS_UNIT;
	return sum - (sum - 1) / IOL_CSYS_UNIT * IOL_CSYS_UNIT;
}

/* a stream's flush or close: one write(2) when it was written since
 * (flushes), unknown when its buffer is (line buffered) */
static void flush_pred(const struct iol_ccall *cc, struct iol_cpred *p)
{
	if (cc->bufsize > 0)
		p->fixed[IOL_CP_SYS_W] = cc->flushes;
	else if (cc->bufsize < 0 && cc->flushes)
		p->fixed[IOL_CP_SYS_UNK_W] = 1;
	/* the flush's write(2) sends what its run left in the buffer:
	 * those shares are not another write(2) (run_rest()) */
	if (cc->cfile && cc->flushes && cc->bufsize > 0 && !cc->rest_at)
		p->fixed[IOL_CP_FBUF_W] = -run_rest(cc);
	/* in loops that do not write the stream, the first run only:
	 * a once_m-th of a write(2) each, rounded up (the sum is one) */
	if (cc->once_m > 1 && cc->once_m <= IOL_CSYS_UNIT &&
	    p->fixed[IOL_CP_SYS_W] == 1) {
		p->fixed[IOL_CP_SYS_W] = 0;
		p->fixed[IOL_CP_FBUF_W] =
			p->fixed[IOL_CP_FBUF_W] / cc->once_m +
			(IOL_CSYS_UNIT + cc->once_m - 1) / cc->once_m;
	} else if (cc->once_m > IOL_CSYS_UNIT && p->fixed[IOL_CP_SYS_W] == 1 &&
		   p->fixed[IOL_CP_FBUF_W] >= -IOL_CSYS_UNIT &&
		   cc->once_m <= ((int64_t)1 << 40)) {
		/* more runs than a unit has parts: the share in finer
		 * parts (a unit's 2^20-ths), the one write(2) less the
		 * run's rest, over the runs */
		int64_t net = (IOL_CSYS_UNIT + p->fixed[IOL_CP_FBUF_W]) *
			      IOL_CSYS_UNIT;

		p->fixed[IOL_CP_SYS_W] = 0;
		p->fixed[IOL_CP_FBUF_W] = 0;
		p->fixed[IOL_CP_ONCE_W] = (net + cc->once_m - 1) / cc->once_m;
	}
	p->fixed[IOL_CP_BUFFERED] = cc->bufsize > 0;
}

/* the system calls a read or write call (or a stdio flush) makes, from
 * its prediction p: a write of a buffered stream fills its buffer, the
 * full buffers are its write(2) (IOL_CP_FBUF_W, rounded down), and what
 * is left goes out at the stream's fflush or fclose (or exit) */
static void sys_pred(const struct iol_ccall *cc, struct iol_cpred *p)
{
	int rd = cc->op == IOL_COP_READ;
	enum iol_cpk unk = rd ? IOL_CP_SYS_UNK_R : IOL_CP_SYS_UNK_W;

	/* a C stdio fflush, a C++ file stream's flush(): one write(2) when
	 * the buffer holds something */
	if (cc->op == IOL_COP_SYNC &&
	    (cc->cfile || (cc->api == IOL_CAPI_STDIO && cc->bufsize > 0))) {
		flush_pred(cc, p);
		return;
	}
	if (cc->op == IOL_COP_SYNC) {
		if (cc->api == IOL_CAPI_STDIO && cc->bufsize != 0)
			p->fixed[cc->bufsize > 0 ? IOL_CP_BUF_W
						 : IOL_CP_SYS_UNK_W] =
				cc->bufsize > 0 ? IOL_CSYS_UNIT : 1;
		p->fixed[IOL_CP_BUFFERED] =
			cc->api == IOL_CAPI_STDIO && cc->bufsize > 0;
		return;
	}
	if (cc->op == IOL_COP_CLOSE) {
		flush_pred(cc, p);
		return;
	}
	if (!rd && cc->op != IOL_COP_WRITE)
		return;
	if (cc->api == IOL_CAPI_POSIX ||
	    (cc->api == IOL_CAPI_STDIO && cc->bufsize == 0)) {
		p->fixed[rd ? IOL_CP_SYS_R : IOL_CP_SYS_W] = 1;
		return;
	}
	if (cc->api != IOL_CAPI_STDIO || cc->bufsize < 0 ||
	    p->fixed[rd ? IOL_CP_UNSIZED_R : IOL_CP_UNSIZED_W]) {
		p->fixed[unk] = 1;
		if (cc->api == IOL_CAPI_MPIIO || cc->api == IOL_CAPI_HDF5 ||
		    cc->api == IOL_CAPI_PNETCDF)
			p->fixed[rd ? IOL_CP_LIB_UNK_R : IOL_CP_LIB_UNK_W] = 1;
		return;
	}
	if (cc->cxx && cc->bufsize == IOL_CBUF_CXX)
		p->fixed[rd ? IOL_CP_BUF_R : IOL_CP_FBUF_W] =
			rd ? cxx_read_units(p->fixed[IOL_CP_BYTES_READ])
			   : cxx_units(p->fixed[IOL_CP_BYTES_WRITTEN]);
	else
		p->fixed[rd ? IOL_CP_BUF_R : IOL_CP_FBUF_W] = buf_units(
			p->fixed[rd ? IOL_CP_BYTES_READ : IOL_CP_BYTES_WRITTEN],
			cc->bufsize, !rd);
	p->fixed[IOL_CP_BUFFERED] = 1;
	/* a FILE *'s write as large as its buffer on a stream holding
	 * something: glibc fills the buffer and sends it first, a write(2)
	 * of its own (the bytes before it count their share, so the sum
	 * may be one more over a run) */
	if (!rd && cc->cfile && cc->flushes &&
	    p->fixed[IOL_CP_BYTES_WRITTEN] >= cc->bufsize)
		p->fixed[IOL_CP_FBUF_W] += IOL_CSYS_UNIT;
}

/*
 * exit()'s flush of the streams functions left open (cc->leaks_of's
 * IOL_CP_LEAKS): one write(2) a stream.  In leaks_of itself (an exit()
 * in main, or in a function main calls) the count is the first
 * prediction's (iol_ctree_predict() predicts twice); unknown before.
 */
static void leak_pred(struct iol_ccall *cc, const struct bind *bd, int depth,
		      struct iol_cpred *p)
{
	const struct iol_cblock *f = cc->leaks_of;
	struct iol_ccall one = *cc;
	int64_t lf = 0, lp = 1;
	int k;

	if (f->mark == MARK_DONE) {
		lf = f->pred.fixed[IOL_CP_LEAKS];
		lp = f->pred.per[IOL_CP_LEAKS];
	} else if (cc->lk_known) {
		lf = cc->lk_fixed;
		lp = cc->lk_per;
	}
	one.leaks_of = NULL;
	call_pred(&one, bd, depth, p);
	for (k = 0; k < IOL_CP_N; k++) {
		p->per[k] = sat_mul(p->fixed[k], lp);
		p->fixed[k] = sat_mul(p->fixed[k], lf);
	}
}

/* a call's writes start from what the caller left in the buffers of
 * the streams it gives (iol_ccall.carry): those rests are the call's */
static void carry_pred(const struct iol_ccall *cc, struct iol_cpred *p)
{
	const struct iol_ccall *k;
	int64_t r;

	for (k = cc->carry; k; k = k->next) {
		if (k->bufsize <= 0 || !k->rest_at || !k->run)
			continue;
		r = run_rest(k);
		if (p->fixed[IOL_CP_FBUF_W] > INT64_MAX - r)
			continue;
		p->fixed[IOL_CP_FBUF_W] += r;
	}
}

/* an MPI-IO call's own counters (IOL_CP_MPI_*), from p's */
static void mpi_pred(const struct iol_ccall *cc, struct iol_cpred *p)
{
	switch (cc->op) {
	case IOL_COP_OPEN: p->fixed[IOL_CP_MPI_OPENS] = 1; break;
	case IOL_COP_READ:
		p->fixed[IOL_CP_MPI_R] = 1;
		p->fixed[IOL_CP_MPI_BR] = p->fixed[IOL_CP_BYTES_READ];
		break;
	case IOL_COP_WRITE:
		p->fixed[IOL_CP_MPI_W] = 1;
		p->fixed[IOL_CP_MPI_BW] = p->fixed[IOL_CP_BYTES_WRITTEN];
		break;
	case IOL_COP_SYNC: break; /* an fsync's cost */
	default: p->fixed[IOL_CP_MPI_OTHERS] = 1; break;
	}
}

/* what a call of a user function adds (call_pred()) */
static void user_call_pred(struct iol_ccall *cc, const struct bind *bd,
			   int depth, struct iol_cpred *p)
{
	struct iol_cblock *f = (struct iol_cblock *)cc->callee;
	struct bind nb;

	if (f->mark == MARK_BUSY) {
		p->recursive = 1;
		return;
	}
	predict_fn(f);
	if (depth < BIND_DEPTH && bd && bd->only != -1) {
		/* one stream's calls: no carry (the caller's) */
		bind_of(cc, bd, &nb);
		bound_block(f, &nb, depth + 1, p);
		return;
	}
	if (depth < BIND_DEPTH && fn_binds(f) && bind_of(cc, bd, &nb))
		bound_block(f, &nb, depth + 1, p);
	else
		*p = f->pred;
	carry_pred(cc, p);
}

/* what one call adds, under the caller's binding bd (NULL: none) */
static void call_pred(struct iol_ccall *cc, const struct bind *bd, int depth,
		      struct iol_cpred *p)
{
	memset(p, 0, sizeof(*p));
	if (cc->op == IOL_COP_CALL) {
		user_call_pred(cc, bd, depth, p);
		/* the callee's closes follow its own opens, not the
		 * caller's (iol_cblock_rerun()) */
		p->fixed[IOL_CP_CLOSES] = p->per[IOL_CP_CLOSES] = 0;
		p->fixed[IOL_CP_KCLOSES] = p->per[IOL_CP_KCLOSES] = 0;
		return;
	}
	if (cc->op == IOL_COP_LIB) {
		/* none known: MPI's own reads at start, a function called
		 * through a pointer, or one whose body the files do not
		 * give */
		p->opaque = cc->nobody		       ? IOL_COPAQUE_NOBODY
			    : cc->api == IOL_CAPI_USER ? IOL_COPAQUE_PTR
						       : IOL_COPAQUE_MPI;
		return;
	}
	if (cc->leaks_of) {
		leak_pred(cc, bd, depth, p);
		return;
	}
	/* another stream's call, or no stream's */
	if (bd && bd->only != -1 &&
	    (bd->only < 0 || cc->stream_param != bd->only))
		return;
	p->fixed[IOL_CP_CALLS] = 1;
	switch (cc->op) {
	case IOL_COP_OPEN:
		p->fixed[IOL_CP_OPENS] = 1;
		p->fixed[IOL_CP_CREATES] = cc->creates != 0;
		p->fixed[IOL_CP_SCRATCH] = cc->creates != 0 && cc->scratch;
		p->fixed[cc->path ? IOL_CP_FILES_LIT : IOL_CP_FILES] = 1;
		break;
	case IOL_COP_READ:
		p->fixed[IOL_CP_READS] = 1;
		if (cc->size >= 0)
			p->fixed[IOL_CP_BYTES_READ] = cc->size;
		else
			p->fixed[IOL_CP_UNSIZED_R] = 1;
		break;
	case IOL_COP_WRITE:
		p->fixed[IOL_CP_WRITES] = 1;
		if (cc->size >= 0)
			p->fixed[IOL_CP_BYTES_WRITTEN] = cc->size;
		else
			p->fixed[IOL_CP_UNSIZED_W] = 1;
		break;
	case IOL_COP_SYNC:
		p->fixed[IOL_CP_SYNCS] = 1;
		p->fixed[IOL_CP_SFLUSH] = cc->api == IOL_CAPI_STDIO;
		break;
	case IOL_COP_SEEK: p->fixed[IOL_CP_SEEKS] = 1; break;
	case IOL_COP_CLOSE:
		p->fixed[IOL_CP_CLOSES] = 1;
		p->fixed[IOL_CP_KCLOSES] = cc->tclose != 0;
		p->fixed[IOL_CP_TCLOSES] = cc->tclose == 1;
		break;
	case IOL_COP_META:
		p->fixed[IOL_CP_UNLINKS] =
			cc->name && (!strcmp(cc->name, "unlink") ||
				     !strcmp(cc->name, "unlinkat"));
		break;
	default: break;
	}
	bind_size(cc, bd, p);
	small_pred(p);
	/* glibc's fstat(2) sizing the buffer: one over the runs
	 * between the fopen and the call */
	if (cc->bstat_m > 0 &&
	    (!cc->bstat_if || (bd && (cc->bstat_if & bd->bstat))))
		p->fixed[IOL_CP_BSTAT] =
			(IOL_CSYS_UNIT + cc->bstat_m - 1) / cc->bstat_m;
	/* its bytes the library calls' (extract.h) */
	if (cc->exit_buffered)
		p->fixed[IOL_CP_BUFFERED] = 1;
	if (cc->api == IOL_CAPI_MPIIO)
		mpi_pred(cc, p);
	sys_pred(cc, p);
	/* a flush of a parameter the call gives as the same stream as one
	 * flushed before and not written since: an empty buffer (exit()'s
	 * write(2) of it, none at all) */
	/* a first write of a stream the call gives unused: no buffer to
	 * fill and send first (sys_pred()'s one more) */
	if (bd && (cc->fresh_if & bd->fresh) && cc->op == IOL_COP_WRITE &&
	    cc->cfile && cc->flushes && cc->bufsize > 0 &&
	    p->fixed[IOL_CP_BYTES_WRITTEN] >= cc->bufsize)
		p->fixed[IOL_CP_FBUF_W] -= IOL_CSYS_UNIT;
	if (cc->empty || (bd && cc->clean_params && cc->stream_param >= 0 &&
			  cc->stream_param < IOL_CARGS &&
			  (bd->same[cc->stream_param] & cc->clean_params))) {
		if (cc->exitw)
			memset(p, 0, sizeof(*p));
		p->fixed[IOL_CP_SYS_W] = 0;
		p->fixed[IOL_CP_FBUF_W] = 0;
	}
}

/*
 * The rests of the runs whose writes block b holds (iol_ccall.rest_at),
 * taken off its prediction p: a rest_n-th of a run each run of b
 * (rounded down: the sum stays at or over the whole buffers).  It moves
 * write(2) from the writes' blocks to the flush's, not the total.
 */
static void rest_fix(const struct iol_cblock *b, struct iol_cpred *p)
{
	const struct iol_ccall *cc;

	for (cc = b->rests; cc; cc = cc->rest_next)
		if (cc->bufsize > 0 && cc->flushes && cc->rest_n > 0)
			p->fixed[IOL_CP_FBUF_W] -= run_rest(cc) / cc->rest_n;
}

static void loop_mul(struct iol_cpred *p, int64_t trip)
{
	int k;

	for (k = 0; k < IOL_CP_N; k++) {
		/* a constant name is the same file however often opened */
		if (k == IOL_CP_FILES_LIT) {
			if (trip == 0)
				p->fixed[k] = 0;
			continue;
		}
		if (trip >= 0) {
			p->fixed[k] = sat_mul(p->fixed[k], trip);
			p->per[k] = sat_mul(p->per[k], trip);
		} else {
			p->per[k] = sat_add(p->fixed[k], p->per[k]);
			p->fixed[k] = 0;
		}
	}
}

/* ch, a child of b, is an arm on b's loop counter (iol_cblock.iv_runs):
 * counted for its own iterations, not b's trip count */
static int iv_arm(const struct iol_cblock *b, const struct iol_cblock *ch)
{
	return b->kind == IOL_CB_LOOP && b->trip >= 0 &&
	       ch->kind == IOL_CB_BRANCH && ch->iv_runs >= 0;
}

/*
 * Of a run of arms of one `if` or switch from ch (bd: bound under it,
 * NULL: their own predictions), the largest entry into out: an arm and
 * the arms it falls through into (a switch's case without a break);
 * the block after the run.
 */
static const struct iol_cblock *alt_best(const struct iol_cblock *ch,
					 const struct bind *bd, int depth,
					 struct iol_cpred *out)
{
	const struct iol_cblock *a, *x, *stop;
	struct iol_cpred run, v;

	for (stop = ch->next;
	     stop && stop->kind == IOL_CB_BRANCH && stop->alt == ch->alt;
	     stop = stop->next)
		;
	for (a = ch; a != stop; a = a->next) {
		memset(&run, 0, sizeof(run));
		for (x = a;; x = x->next) {
			if (bd)
				bound_block(x, bd, depth, &v);
			else
				v = x->pred;
			pred_add(&run, &v);
			if (!x->falls || x->next == stop)
				break;
		}
		if (a == ch || more(&run, out))
			*out = run;
	}
	return stop;
}

static void predict_block(struct iol_cblock *b)
{
	struct iol_cblock *ch, *prev = NULL, *next;
	struct iol_ccall **cp;
	struct iol_cpred v, ivp;

	memset(&b->pred, 0, sizeof(b->pred));
	/* the calls of a line; a user function with no I/O leaves */
	for (cp = &b->calls; *cp;) {
		call_pred(*cp, NULL, 0, &v);
		if ((*cp)->op == IOL_COP_CALL && empty(&v)) {
			*cp = (*cp)->next;
			continue;
		}
		pred_add(&b->pred, &v);
		cp = &(*cp)->next;
	}
	/* children; those with no I/O leave the tree */
	for (ch = b->first; ch; ch = next) {
		next = ch->next;
		predict_block(ch);
		if (empty(&ch->pred)) {
			/* an arm falling into one with no I/O falls on
			 * only where that one does */
			if (prev && prev->alt && prev->alt == ch->alt &&
			    prev->kind == IOL_CB_BRANCH)
				prev->falls = prev->falls && ch->falls;
			if (prev)
				prev->next = next;
			else
				b->first = next;
			if (b->last == ch)
				b->last = prev;
			continue;
		}
		prev = ch;
	}
	/* add them: of a run of arms of one `if`, the larger; arms on the
	 * loop's counter each for the iterations that run them */
	memset(&ivp, 0, sizeof(ivp));
	for (ch = b->first; ch; ch = next) {
		const struct iol_cblock *best = ch;

		next = ch->next;
		if (iv_arm(b, ch)) {
			v = ch->pred;
			loop_mul(&v, ch->iv_runs);
			pred_add(&ivp, &v);
			continue;
		}
		if (ch->kind == IOL_CB_BRANCH && ch->alt) {
			next = (struct iol_cblock *)alt_best(ch, NULL, 0, &v);
			pred_add(&b->pred, &v);
			continue;
		}
		pred_add(&b->pred, &best->pred);
	}
	if (b->kind == IOL_CB_LOOP)
		loop_mul(&b->pred, b->trip);
	pred_add(&b->pred, &ivp);
	rest_fix(b, &b->pred);
	if (b->conditional) {
		b->pred.fixed[IOL_CP_CONDITIONAL] = b->pred.fixed[IOL_CP_CALLS];
		b->pred.per[IOL_CP_CONDITIONAL] = b->pred.per[IOL_CP_CALLS];
	}
	b->pred.fixed[IOL_CP_LEAKS] =
		sat_add(b->pred.fixed[IOL_CP_LEAKS], b->leaks);
}

/* the trip count of loop b under the binding bd */
static int64_t bound_trip(const struct iol_cblock *b, const struct bind *bd)
{
	int64_t v;

	/* a caller's value, before the count an assumed one gives */
	if (b->trip_param < 0 || !bd || !b->trip_op ||
	    (v = bind_val(bd, b->trip_param, b->trip_field)) == IOL_CUNKNOWN)
		return b->trip;
	return iol_ctrip_count(b->trip_a, b->trip_op, v, b->trip_s);
}

/* 1 when a switch's arm b runs for the value v (iol_cblock.cases) */
static int case_runs(const struct iol_cblock *b, int64_t v)
{
	int i;

	for (i = 0; i < b->ncases; i++)
		if (b->cases[i] == v)
			return 1;
	if (!b->case_dflt)
		return 0;
	for (i = 0; i < b->ncase_all; i++)
		if (b->case_all[i] == v)
			return 0;
	return 1;
}

/* 1 when branch arm b does not run under the binding bd: its condition
 * on a parameter bd fixes is false (true for an else arm) */
static int arm_off(const struct iol_cblock *b, const struct bind *bd)
{
	int64_t v;
	int t;

	if (b->kind != IOL_CB_BRANCH || b->cond_param < 0 || !bd ||
	    b->cond_param >= IOL_CARGS || !b->cond_op ||
	    (v = bd->v[b->cond_param]) == IOL_CUNKNOWN)
		return 0;
	if (!strcmp(b->cond_op, "case"))
		return !case_runs(b, v);
	switch (b->cond_op[0]) {
	case '=': t = v == b->cond_k; break;
	case '!': t = v != b->cond_k; break;
	case '<': t = b->cond_op[1] ? v <= b->cond_k : v < b->cond_k; break;
	default: t = b->cond_op[1] ? v >= b->cond_k : v > b->cond_k; break;
	}
	return t == b->cond_neg;
}

/*
 * predict_block()'s sum for a function called with parameters fixed by
 * bd, into out: the tree (already predicted and pruned) is not changed,
 * and the blocks keep their own prediction, which holds for any call.
 */
static void bound_block(const struct iol_cblock *b, const struct bind *bd,
			int depth, struct iol_cpred *out)
{
	const struct iol_cblock *ch, *next;
	struct iol_ccall *cc;
	struct iol_cpred v, best, ivp;

	memset(out, 0, sizeof(*out));
	memset(&ivp, 0, sizeof(ivp));
	if (arm_off(b, bd))
		return;
	for (cc = b->calls; cc; cc = cc->next) {
		call_pred(cc, bd, depth, &v);
		pred_add(out, &v);
	}
	for (ch = b->first; ch; ch = next) {
		next = ch->next;
		bound_block(ch, bd, depth, &best);
		if (iv_arm(b, ch) && bound_trip(b, bd) == b->trip) {
			loop_mul(&best, ch->iv_runs);
			pred_add(&ivp, &best);
			continue;
		}
		if (ch->kind == IOL_CB_BRANCH && ch->alt)
			next = alt_best(ch, bd, depth, &best);
		pred_add(out, &best);
	}
	if (b->kind == IOL_CB_LOOP)
		loop_mul(out, bound_trip(b, bd));
	pred_add(out, &ivp);
	rest_fix(b, out);
	if (b->conditional) {
		out->fixed[IOL_CP_CONDITIONAL] = out->fixed[IOL_CP_CALLS];
		out->per[IOL_CP_CONDITIONAL] = out->per[IOL_CP_CALLS];
	}
	out->fixed[IOL_CP_LEAKS] = sat_add(out->fixed[IOL_CP_LEAKS], b->leaks);
}

int iol_ccall_same_bind(const struct iol_ccall *a, const struct iol_ccall *b)
{
	struct bind x, y;

	bind_of(a, NULL, &x);
	bind_of(b, NULL, &y);
	return !memcmp(&x, &y, sizeof(x));
}

void iol_cblock_pred_call_in(const struct iol_cblock *b,
			     const struct iol_ccall *cc,
			     const struct iol_ccall *outer,
			     struct iol_cpred *out)
{
	const struct iol_ccall *chain[2] = {cc, outer};

	iol_cblock_pred_chain(b, chain, outer ? 2 : 1, out);
}

void iol_cblock_pred_chain(const struct iol_cblock *b,
			   const struct iol_ccall *const *chain, int n,
			   struct iol_cpred *out)
{
	struct bind bd, ob;
	const struct iol_cblock *a;
	int i;

	bind_of(chain[n - 1], NULL, &bd);
	for (i = n - 2; i >= 0; i--) {
		ob = bd;
		bind_of(chain[i], &ob, &bd);
	}
	/* a block in an arm the call does not take: nothing */
	for (a = b->parent; a; a = a->parent)
		if (arm_off(a, &bd)) {
			memset(out, 0, sizeof(*out));
			return;
		}
	bound_block(b, &bd, 0, out);
}

/* the units of write(2) a prediction's buffered writes make over times
 * runs (iol_cpred_sys_times()'s f); 0 when they saturate */
static int64_t fbuf_units(const struct iol_cpred *p, int64_t times)
{
	int64_t f = p->fixed[IOL_CP_FBUF_W], o = p->fixed[IOL_CP_ONCE_W];

	if (times && (f > INT64_MAX / times || f < -(INT64_MAX / times) ||
		      o > INT64_MAX / times || o < -(INT64_MAX / times)))
		return 0;
	return f * times + o * times / IOL_CSYS_UNIT;
}

int64_t iol_cblock_sys_w_call(const struct iol_cblock *b,
			      const struct iol_ccall *cc,
			      const struct iol_ccall *outer, int64_t times)
{
	struct bind bd, ob;
	struct iol_cpred p, pq;
	const struct iol_cblock *a;
	int64_t n, all, fq, sum = 0, each = 0;
	int q, streams = 0;

	iol_cblock_pred_call_in(b, cc, outer, &p);
	n = iol_cpred_sys_times(&p, 0, times);
	if (n < 0 || n == INT64_MAX || cc->nargs < 2 || !cc->callee)
		return n;
	if (outer)
		bind_of(outer, NULL, &ob);
	bind_of(cc, outer ? &ob : NULL, &bd);
	for (a = b->parent; a; a = a->parent)
		if (arm_off(a, &bd))
			return n;
	/* each stream's buffer fills apart: its own whole buffers */
	for (q = 0; q < cc->nargs && q < IOL_CARGS; q++) {
		bd.only = q;
		bound_block(b, &bd, 0, &pq);
		if (!pq.fixed[IOL_CP_FBUF_W] && !pq.fixed[IOL_CP_ONCE_W])
			continue;
		fq = fbuf_units(&pq, times);
		streams++;
		sum += fq;
		each += fq > 0 ? fq / IOL_CSYS_UNIT : 0;
	}
	all = fbuf_units(&p, times);
	if (streams < 2 || all <= 0)
		return n;
	/* n took the whole buffers of all the streams' shares summed */
	n -= all / IOL_CSYS_UNIT;
	n += each + (all - sum > 0 ? (all - sum) / IOL_CSYS_UNIT : 0);
	return n < 0 ? 0 : n;
}

void iol_cblock_pred_call(const struct iol_cblock *b,
			  const struct iol_ccall *cc, struct iol_cpred *out)
{
	iol_cblock_pred_call_in(b, cc, NULL, out);
}

int iol_ccall_passes(const struct iol_ccall *cc)
{
	int i;

	for (i = 0; cc->argk && cc->argp && i < cc->nargs; i++)
		if ((cc->argp[i] >= 0 || (cc->argfpath && cc->argfpath[i])) &&
		    (cc->argk[i] == IOL_CUNKNOWN ||
		     (cc->arg_assumed & (1u << i))))
			return 1;
	return 0;
}

/* open cc and unlink u name the same file: the same variable, or equal
 * constants (u's path_var either) */
static int same_path(const struct iol_ccall *cc, const struct iol_ccall *u)
{
	const char *k = cc->path_var ? cc->path_var : cc->path;

	return k && u->path_var && !strcmp(k, u->path_var);
}

/* opens under b of the file unlink u removes, marked scratch */
static void scratch_opens(struct iol_cblock *b, const struct iol_ccall *u)
{
	struct iol_ccall *cc;
	struct iol_cblock *ch;

	for (cc = b->calls; cc; cc = cc->next)
		if (cc->op == IOL_COP_OPEN && cc->creates && same_path(cc, u))
			cc->scratch = 1;
	for (ch = b->first; ch; ch = ch->next)
		scratch_opens(ch, u);
}

/* the unlinks under b, each marking f's opens of its file (r13_scratch:
 * open, write, close, unlink of one name a loop run: a rerun creates
 * each file, issue 33 D4) */
static void scratch_mark(struct iol_cblock *f, struct iol_cblock *b)
{
	struct iol_ccall *cc;
	struct iol_cblock *ch;

	for (cc = b->calls; cc; cc = cc->next)
		if (cc->op == IOL_COP_META && cc->name &&
		    !strcmp(cc->name, "unlink") && cc->path_var)
			scratch_opens(f, cc);
	for (ch = b->first; ch; ch = ch->next)
		scratch_mark(f, ch);
}

/* the calls under b (not its callees'), into v (NULL: only counted) */
static size_t fn_calls(struct iol_cblock *b, struct iol_ccall **v, size_t n)
{
	struct iol_ccall *cc;
	struct iol_cblock *ch;

	for (cc = b->calls; cc; cc = cc->next, n++)
		if (v)
			v[n] = cc;
	for (ch = b->first; ch; ch = ch->next)
		n = fn_calls(ch, v, n);
	return n;
}

static int by_place(const void *a, const void *b)
{
	const struct iol_ccall *x = *(struct iol_ccall *const *)a;
	const struct iol_ccall *y = *(struct iol_ccall *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

/* tclose of the closes v[i] (in source order): the last open before it
 * that stored into the variable it closes, in the function, says which
 * (w01_ledger: fd = open(O_TRUNC) ... close(fd); fd = open(O_RDONLY)
 * ... close(fd): the first close follows a truncation, the second not) */
static void pair_closes(struct iol_ccall **v, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (v[i]->op != IOL_COP_CLOSE || !v[i]->fd_var)
			continue;
		for (j = i; j-- > 0;)
			if (v[j]->op == IOL_COP_OPEN && v[j]->fd_var &&
			    !strcmp(v[j]->fd_var, v[i]->fd_var))
				break;
		if (j < i)
			v[i]->tclose = v[j]->creates && !v[j]->scratch ? 1 : 2;
	}
}

/* f's closes paired with its opens (iol_ccall.tclose); left not told
 * when memory runs out */
static void close_mark(struct iol_cblock *f)
{
	size_t n = fn_calls(f, NULL, 0);
	struct iol_ccall **v = n ? malloc(n * sizeof(*v)) : NULL;

	if (!v)
		return;
	fn_calls(f, v, 0);
	qsort(v, n, sizeof(*v), by_place);
	pair_closes(v, n);
	free(v);
}

static void predict_fn(struct iol_cblock *f)
{
	if (f->mark != MARK_NONE)
		return;
	f->mark = MARK_BUSY;
	scratch_mark(f, f);
	close_mark(f);
	predict_block(f);
	f->mark = MARK_DONE;
}

/* ids: "function:line:line", ".2" for the second block on a line */
static int name_tree(struct iol_ctree *t, struct iol_cblock *b, int depth,
		     size_t *n)
{
	struct iol_cblock *ch, *prev = NULL;
	char buf[4096];
	int dup = 1;

	(*n)++;
	for (ch = b->first; ch; prev = ch, ch = ch->next) {
		int w;

		/* siblings are in source order: blocks on one line are
		 * neighbours */
		dup = prev && prev->line == ch->line ? dup + 1 : 1;
		/* nesting past 32 levels names its blocks by their order
		 * of creation (the path would grow with the depth) */
		if (depth >= 32)
			w = snprintf(buf, sizeof(buf), "%s:...:%u#%zu",
				     ch->function, ch->line, *n);
		else if (dup > 1)
			w = snprintf(buf, sizeof(buf), "%s:%u.%d", b->id,
				     ch->line, dup);
		else
			w = snprintf(buf, sizeof(buf), "%s:%u", b->id,
				     ch->line);
		if (w < 0 || (size_t)w >= sizeof(buf))
			buf[sizeof(buf) - 1] = '\0';
		ch->id = iol_arena_strdup(&t->arena, buf);
		if (!ch->id || name_tree(t, ch, depth + 1, n) < 0)
			return IOL_ENOMEM;
	}
	return 0;
}

static void collect(struct iol_cblock *b, struct iol_cblock **all, size_t *n)
{
	struct iol_cblock *ch;

	all[(*n)++] = b;
	for (ch = b->first; ch; ch = ch->next)
		collect(ch, all, n);
}

static int kind_order(const struct iol_cblock *b)
{
	return (int)b->kind;
}

static int cmp_rank(const void *pa, const void *pb)
{
	const struct iol_cblock *a = *(const struct iol_cblock *const *)pa;
	const struct iol_cblock *b = *(const struct iol_cblock *const *)pb;
	int c;

	if (more(&a->pred, &b->pred))
		return -1;
	if (more(&b->pred, &a->pred))
		return 1;
	if (kind_order(a) != kind_order(b))
		return kind_order(a) - kind_order(b);
	c = strcmp(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return strcmp(a->id, b->id);
}

static int cmp_name(const void *pa, const void *pb)
{
	const struct iol_cblock *a = *(const struct iol_cblock *const *)pa;
	const struct iol_cblock *b = *(const struct iol_cblock *const *)pb;
	int c = strcmp(a->function, b->function);

	if (c)
		return c;
	c = strcmp(a->file, b->file);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

int iol_ctree_predict(struct iol_ctree *t, struct iol_cblock *const *fns,
		      size_t n, struct iol_error *err)
{
	struct iol_cblock **keep, *last = NULL;
	size_t i, nkeep = 0, nblocks = 0;

	for (i = 0; i < n; i++)
		predict_fn(fns[i]);
	/* exit()'s flush inside the function whose leaks it counts: again,
	 * with the count the first prediction gave */
	if (t->exit_leak && t->exit_leak->leaks_of->mark == MARK_DONE) {
		t->exit_leak->lk_fixed =
			t->exit_leak->leaks_of->pred.fixed[IOL_CP_LEAKS];
		t->exit_leak->lk_per =
			t->exit_leak->leaks_of->pred.per[IOL_CP_LEAKS];
		t->exit_leak->lk_known = 1;
		for (i = 0; i < n; i++)
			fns[i]->mark = MARK_NONE;
		for (i = 0; i < n; i++)
			predict_fn(fns[i]);
	}
	keep = calloc(n ? n : 1, sizeof(*keep));
	if (!keep)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	for (i = 0; i < n; i++)
		if (!empty(&fns[i]->pred))
			keep[nkeep++] = fns[i];
	/* a function's id is its name; the same name in two files (static
	 * functions) gets the file too: neighbours once sorted by name */
	qsort(keep, nkeep, sizeof(*keep), cmp_name);
	for (i = 0; i < nkeep; i++) {
		int twice =
			(i > 0 && strcmp(keep[i]->function,
					 keep[i - 1]->function) == 0) ||
			(i + 1 < nkeep &&
			 strcmp(keep[i]->function, keep[i + 1]->function) == 0);
		char buf[4096];

		snprintf(buf, sizeof(buf), twice ? "%s@%s" : "%s",
			 keep[i]->function, keep[i]->file);
		keep[i]->id = iol_arena_strdup(&t->arena, buf);
		if (!keep[i]->id || name_tree(t, keep[i], 0, &nblocks) < 0) {
			free(keep);
			return iol_error_set(err, IOL_ENOMEM, "out of memory");
		}
	}
	t->ranked = calloc(nblocks ? nblocks : 1, sizeof(*t->ranked));
	if (!t->ranked) {
		free(keep);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	t->nblocks = 0;
	for (i = 0; i < nkeep; i++)
		collect(keep[i], t->ranked, &t->nblocks);
	qsort(t->ranked, t->nblocks, sizeof(*t->ranked), cmp_rank);
	for (i = 0; i < t->nblocks; i++)
		t->ranked[i]->rank = i;
	/* the functions, in rank order */
	t->funcs = NULL;
	for (i = 0; i < t->nblocks; i++) {
		struct iol_cblock *b = t->ranked[i];

		if (b->kind != IOL_CB_FUNCTION)
			continue;
		b->next = NULL;
		if (last)
			last->next = b;
		else
			t->funcs = b;
		last = b;
	}
	free(keep);
	return 0;
}
