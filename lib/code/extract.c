/*
 * The source extractor (code/extract.h): libclang parses each file; a
 * first pass lists the functions defined in the files (so that a call to
 * one of them, in any file, carries its I/O), a second walks their bodies
 * into blocks: loops (for, while, do, range for) with their trip count
 * when the header is a constant count, branches (if/else arms, ?:, a
 * switch body) and lines holding I/O calls.  Propagation and ranking are
 * in code/predict.c.
 *
 * A trip count is constant when a for loop reads `i = a; i OP b; i STEP`
 * with OP one of < <= > >= !=, STEP ++, --, += k or -= k, a, b and k
 * integer constants (literals, macros, sizeof, enumerators, const
 * variables, or locals whose initializer is constant and which nothing
 * else in the function assigns or takes the address of), and the body
 * does not assign i.  A loop left early (break, return) still counts its
 * whole trip count: error paths leave loops, and the count is then an
 * upper bound.  A range for over an array of constant size counts its
 * elements.  Everything else (while loops, a bound read at run time) has
 * an unknown trip count.
 */
#include <fcntl.h>
#include <clang-c/Index.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "code/ccdb.h"
#include "code/extract.h"
#include "code/iocalls.h"
#include "code/stubs.h"
#include "code/predict.h"
#include "code/streams.h"
#include "base/banned.h"

/* Nesting deeper than this (an expression of 100000 terms) is not
 * walked: the walk recurses, on the extractor's own 512 MiB stack. */
#define MAX_DEPTH 50000
#define STACK_SIZE ((size_t)512 << 20)

/* a token of the function being walked: its spelling and file offset */
struct tok {
	const char *s;
	unsigned off;
};

/* a function defined in the parsed files */
struct fnrec {
	char *usr;
	CXCursor cur;
	struct iol_cblock *blk;
	/* the line of its exit() call, not under a branch (NULL: none) */
	struct iol_cblock *exit_lb;
	/* the parameters its body closes, not under a branch (bit i:
	 * parameter i), once closes_known */
	unsigned closes;
	int closes_known;
	/* an `if` on a parameter decides what it closes: a call that fixes
	 * the parameter reads it again with the call's value */
	int closes_dep;
	/* its parameters its body writes (bit i), for those in
	 * wparm_known */
	unsigned wparm, wparm_known;
	/* the parameters its body leaves flushed: a fflush or fclose of
	 * each, not under a branch or a loop, and no statement naming it
	 * after (bit i: parameter i), once closes_known */
	unsigned cleans;
	/* the global variables it and the functions of the files it calls
	 * (or names) refer to, by USR, once grefs_state is 2 (1: being
	 * found); grefs_all: not known, any */
	const char **grefs;
	size_t ngrefs, capgrefs;
	int grefs_state, grefs_all;
	/* fn_only_writes() of parameter i, once bit i of ow_known: its
	 * body is scanned once, not again at each of its call sites */
	unsigned ow_known;
	unsigned char ow[IOL_CARGS];
	/* reads_only() of parameter i (bit i), once bit i of ro_known:
	 * scanned once, not at each call site */
	unsigned ro, ro_known;
};

/* a stream variable's buffer, as a setvbuf or setbuf call sets it */
struct bufset {
	CXCursor var;
	int64_t size; /* as iol_ccall.bufsize */
};

struct ctx {
	struct iol_ctree *t;
	CXTranslationUnit tu;
	const char *file; /* the main file, as given */
	struct fnrec *fns;
	size_t nfns, capfns;
	struct iol_cblock *fnblk; /* the function being walked */
	CXCursor fncur;
	struct tok *toks; /* its tokens, in file order */
	unsigned ntoks;
	struct tok *mods; /* its tokens that may change a variable */
	size_t nmods;
	/* its assignments of a constant to a local, not under a branch or
	 * a loop (`n = 64;`): at the name's offset off, the value v */
	struct once {
		unsigned off;
		int64_t v;
	} * onces;
	size_t nonces, caponces;
	/* the offsets of the variables of the function whose address it
	 * gave to a function's pointer to const (`&cfg` to `const struct
	 * config *`), so far: they still hold what they held */
	unsigned *crefs;
	size_t ncrefs, capcrefs;
	int call_loop; /* the call whose arguments are read is in a loop */
	struct fnrec **byusr;	    /* fns sorted by USR */
	unsigned alt;		    /* last id of a set of branch arms */
	int cond;		    /* depth of branches around the walk */
	int depth;		    /* of the walk's recursion */
	int rc;			    /* first error (IOL_ENOMEM) */
	CXCursor prev;		    /* the statement before the one walked */
	CXCursor pcomp;		    /* the compound statement around both */
	int prev_ok;		    /* prev is for the next walk_kind only */
	const char *ccdb;	    /* the compilation database of the file */
	int given;		    /* compiler arguments given by the caller */
	struct iol_cassume *assume; /* the tree's copies: uses counted */
	int nassume;
	/* the counters of the loops around the walk whose trip counts
	 * are constants: `for (i = a; ...; i += s)` (niv of them) */
	struct ivar {
		const struct iol_cblock *blk;
		CXCursor var;
		int64_t a, s;
	} iv[16];
	int niv;
	/* the arm on a loop's counter being walked, when the iterations
	 * that run it are evenly spaced (`if (i % 50 == 49)`): its loop and
	 * the iterations from one run of it to the next (0: none) */
	const struct iol_cblock *arm_loop;
	int64_t arm_period;
	struct bufset *bufs; /* setvbuf/setbuf of the function so far */
	size_t nbufs, capbufs;
	/* C++ file stream variables of the scopes around the walk, whose
	 * destructors close them at their scope's end */
	struct svar {
		CXCursor var;
		const char *cls; /* "std::ofstream" */
		int open;	 /* opened: by its constructor or open() */
		int dirty;	 /* written since its last flush */
		/* the line block of its last write, NULL not known */
		const struct iol_cblock *wblk;
	} * svars;
	size_t nsvars, capsvars;
	/* the destructors of the local objects of the scopes around the
	 * walk whose class's destructor is in the files (RAII): called at
	 * their scope's closing brace */
	struct dvar {
		const struct fnrec *f; /* NULL: its body is in no file */
		CXCursor d;	       /* the destructor */
	} * dvars;
	size_t ndvars, capdvars;
	CXCursor decl; /* the variable whose initializer is walked */
	/* C FILE * variables of the function whose buffer's state the
	 * walk knows: opened here, or flushed here once */
	struct fvar {
		CXCursor var;
		int dirty; /* written since its open or last flush */
		/* its writes since then, or since it was given to a
		 * function (what is in its buffer then is taken as nothing,
		 * as the shares of its writes are), are wr[run_from...] of
		 * it (run_ok 0: not recorded, out of memory) */
		size_t run_from;
		int run_ok;
		int escaped; /* returned or stored: not left open here */
		/* the block of its last write (or of the call given it),
		 * NULL not known */
		const struct iol_cblock *wblk;
		/* the global variable it was stored in (g = f): the
		 * global's record is the stream's at exit, NULL none */
		const char *gusr;
		const char *usr; /* a global's USR, once asked */
		/* the walk's order (ctx.seq) of its last write and last
		 * flush in the function, 0 none */
		size_t wseq, fseq;
		/* opened in the function and not used since (glibc has
		 * not made its buffer yet), in block oblk */
		int fresh;
		const struct iol_cblock *oblk;
	} * fvars;
	size_t seq;
	size_t nfvars, capfvars;
	/* the function's FILE * parameters read or written so far (bit
	 * i), for first_use() */
	unsigned pused;
	/* the function's writes to its FILE * variables, in walk order */
	struct fwrite_at {
		size_t var; /* index in fvars */
		struct iol_ccall *cc;
		const struct iol_cblock *blk; /* the block around it */
		int arg; /* a call of a function that only writes the
			  * stream: the argument it is, else -1 */
	} * wr;
	size_t nwr, capwr;
	/* global FILE * variables written and closed, any function; the
	 * streams main leaves written and open: what exit() flushes */
	struct gstream {
		const char *usr;
		int written, closed;
		int clean; /* main flushed it after its last write there */
	} * gs;
	size_t ngs, capgs;
	const char *main_file;
	struct fnrec *fn; /* the function being walked */
	/* main's calls of functions of the files, in order: one that
	 * exits flushes main's streams written since their last flush and
	 * not given to it (dirty) at its exit() */
	struct mcall {
		const struct fnrec *f;
		unsigned dirty;
		int cond;
	} * mcalls;
	size_t nmcalls, capmcalls;
	int leaks; /* a function of the files leaves a stream open */
	/* main's unconditional exit() call's line, where exit's flush of
	 * the global streams is then (NULL: main returns) */
	struct iol_cblock *exit_lb;
	/* setvbuf and setbuf of global FILE * variables, any function */
	struct gbuf {
		const char *usr;
		int64_t size;
	} * gbufs;
	size_t ngbufs, capgbufs;
};

static void *zalloc(struct ctx *c, size_t n)
{
	void *p = iol_arena_zalloc(&c->t->arena, n);

	if (!p)
		c->rc = IOL_ENOMEM;
	return p;
}

/* a copy of a libclang string in the arena (disposes it) */
static const char *keep(struct ctx *c, CXString s)
{
	const char *p = clang_getCString(s);
	char *q = iol_arena_strdup(&c->t->arena, p ? p : "");

	clang_disposeString(s);
	if (!q)
		c->rc = IOL_ENOMEM;
	return q ? q : "";
}

/* the line, column and file offset where a cursor starts (expanded:
 * a call made by a macro sits where the macro is used) */
static void where(CXCursor cur, unsigned *line, unsigned *col, unsigned *off)
{
	CXSourceLocation l = clang_getCursorLocation(cur);
	unsigned ln = 0, cl = 0, of = 0;

	clang_getExpansionLocation(l, NULL, &ln, &cl, &of);
	if (line)
		*line = ln;
	if (col)
		*col = cl;
	if (off)
		*off = of;
}

/*
 * The line and column of a call as the compiler's debug information has
 * them: a call's start, but a C++ constructor's closing parenthesis
 * (gcc and clang put its call instruction there: `std::ofstream
 * out(name,\n mode);` runs on its second line; issue 33 D6).
 */
static void call_where(CXCursor call, unsigned *line, unsigned *col)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_Constructor) {
		where(call, line, col, NULL);
		return;
	}
	clang_getExpansionLocation(
		clang_getRangeEnd(clang_getCursorExtent(call)), NULL, line, col,
		NULL);
}

/* the file offsets a cursor's extent covers */
static void span(CXCursor cur, unsigned *from, unsigned *to)
{
	CXSourceRange r = clang_getCursorExtent(cur);

	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				   from);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, to);
}

/* ---- children ---- */

struct kids {
	CXCursor c[8];
	unsigned n;
};

static enum CXChildVisitResult kid_visit(CXCursor cur, CXCursor parent,
					 CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n < 8)
		k->c[k->n] = cur;
	k->n++;
	return CXChildVisit_Continue;
}

/* the first children of cur (n says how many there are in all) */
static void kids_of(CXCursor cur, struct kids *k)
{
	k->n = 0;
	clang_visitChildren(cur, kid_visit, k);
}

/* through implicit casts and parentheses to the expression under them */
static CXCursor unwrap(CXCursor cur)
{
	struct kids k;
	int guard;

	for (guard = 0; guard < 64; guard++) {
		enum CXCursorKind kd = clang_getCursorKind(cur);

		if (kd != CXCursor_UnexposedExpr && kd != CXCursor_ParenExpr)
			break;
		kids_of(cur, &k);
		if (k.n != 1)
			break;
		cur = k.c[0];
	}
	return cur;
}

/* the USR of the variable cur is (through casts and parentheses), NULL
 * another expression */
static const char *var_usr(struct ctx *c, CXCursor cur)
{
	CXCursor ref;

	cur = unwrap(cur);
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return NULL;
	return keep(c, clang_getCursorUSR(ref));
}

/* ---- tokens of the function being walked ---- */

static int index_mods(struct ctx *c);

static int load_tokens(struct ctx *c, CXCursor fn)
{
	CXToken *tk = NULL;
	unsigned n = 0, i;

	c->toks = NULL;
	c->ntoks = 0;
	clang_tokenize(c->tu, clang_getCursorExtent(fn), &tk, &n);
	if (!n)
		return 0;
	c->toks = zalloc(c, (size_t)n * sizeof(*c->toks));
	if (!c->toks) {
		clang_disposeTokens(c->tu, tk, n);
		return c->rc;
	}
	for (i = 0; i < n; i++) {
		CXSourceLocation l = clang_getTokenLocation(c->tu, tk[i]);

		clang_getExpansionLocation(l, NULL, NULL, NULL,
					   &c->toks[i].off);
		c->toks[i].s = keep(c, clang_getTokenSpelling(c->tu, tk[i]));
	}
	c->ntoks = n;
	clang_disposeTokens(c->tu, tk, n);
	return c->rc ? c->rc : index_mods(c);
}

static int is_assign_op(const char *s)
{
	static const char *const ops[] = {
		"=",  "+=", "-=",  "*=",  "/=", "%=", "&=",
		"|=", "^=", "<<=", ">>=", "++", "--", NULL};
	int i;

	for (i = 0; ops[i]; i++)
		if (strcmp(s, ops[i]) == 0)
			return 1;
	return 0;
}

/* a token that may change a variable: a name followed by an assignment
 * or ++/--, or after ++, -- or & (scanf, a read into it) */
static int is_mod(const struct ctx *c, unsigned i)
{
	if (i + 1 < c->ntoks && is_assign_op(c->toks[i + 1].s))
		return 1;
	return i > 0 && (strcmp(c->toks[i - 1].s, "++") == 0 ||
			 strcmp(c->toks[i - 1].s, "--") == 0 ||
			 strcmp(c->toks[i - 1].s, "&") == 0);
}

static int cmp_mod(const void *pa, const void *pb)
{
	const struct tok *a = pa, *b = pb;
	int k = strcmp(a->s, b->s);

	if (k)
		return k;
	return a->off < b->off ? -1 : a->off > b->off;
}

/* the function's modified names, sorted by name and offset, so that a
 * question about one costs a binary search however long the function */
static int index_mods(struct ctx *c)
{
	unsigned i, n = 0;

	c->mods = NULL;
	c->nmods = 0;
	for (i = 0; i < c->ntoks; i++)
		n += is_mod(c, i);
	if (!n)
		return 0;
	c->mods = zalloc(c, (size_t)n * sizeof(*c->mods));
	if (!c->mods)
		return c->rc;
	for (i = 0; i < c->ntoks; i++)
		if (is_mod(c, i))
			c->mods[c->nmods++] = c->toks[i];
	qsort(c->mods, c->nmods, sizeof(*c->mods), cmp_mod);
	return 0;
}

/* The index of the first change of name at or after offset from
 * (c->mods is sorted by name, then offset). */
static size_t first_mod(const struct ctx *c, const char *name, unsigned from)
{
	size_t lo = 0, hi = c->nmods;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int k = strcmp(c->mods[mid].s, name);

		if (k < 0 || (k == 0 && c->mods[mid].off < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Whether a token in [from, to) may change the variable name.  The token
 * at skip (the declaration's own `name =`) does not count.  Tokens that
 * only look alike (a member x.name) make this say yes: a constant is then
 * missed, never invented.
 */
static int assigned(const struct ctx *c, const char *name, unsigned from,
		    unsigned to, unsigned skip)
{
	size_t lo;

	if (!name)
		return 1;
	lo = first_mod(c, name, from);
	for (; lo < c->nmods && strcmp(c->mods[lo].s, name) == 0 &&
	       c->mods[lo].off < to;
	     lo++)
		if (c->mods[lo].off != skip)
			return 1;
	return 0;
}

/* the index of the first token at or after file offset off */
static unsigned tok_at(const struct ctx *c, unsigned off)
{
	unsigned lo = 0, hi = c->ntoks;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (c->toks[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- constants ---- */

static const char *binop(const struct ctx *c, CXCursor lhs);

static int eval_direct(CXCursor cur, int64_t *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(cur);
	int ok = -1;

	if (!r)
		return -1;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		if (clang_EvalResult_isUnsignedInt(r)) {
			unsigned long long u =
				clang_EvalResult_getAsUnsigned(r);

			if (u <= INT64_MAX) {
				*v = (int64_t)u;
				ok = 0;
			}
		} else {
			*v = clang_EvalResult_getAsLongLong(r);
			ok = 0;
		}
	}
	clang_EvalResult_dispose(r);
	return ok;
}

/*
 * The integer value of an expression when the source fixes it: what
 * clang folds (literals, macros, sizeof, enumerators, const variables),
 * or a variable of the function whose initializer folds and that nothing
 * else in the function changes.
 */
static int arith(const char *op, int64_t a, int64_t b, int64_t *v);
static int eval_int_d(const struct ctx *c, CXCursor cur, int64_t *v, int depth);

static int eval_int(const struct ctx *c, CXCursor cur, int64_t *v)
{
	return eval_int_d(c, cur, v, 0);
}

static int once_value(const struct ctx *c, const char *name, CXCursor use,
		      unsigned from, unsigned to, unsigned skip, int64_t *v);

/* + - * / of values eval_int() fixes and casts of one (`m + 8`, m a
 * local of a constant initializer), which clang does not fold */
static int eval_expr(const struct ctx *c, CXCursor cur, int64_t *v, int depth)
{
	struct kids k;
	int64_t a, b;

	if (depth > 16)
		return -1;
	kids_of(cur, &k);
	if (clang_getCursorKind(cur) == CXCursor_CStyleCastExpr && k.n >= 1 &&
	    k.n <= 8)
		return eval_int_d(c, k.c[k.n - 1], v, depth + 1);
	if (clang_getCursorKind(cur) != CXCursor_BinaryOperator || k.n != 2 ||
	    eval_int_d(c, k.c[0], &a, depth + 1) < 0 ||
	    eval_int_d(c, k.c[1], &b, depth + 1) < 0)
		return -1;
	return arith(binop(c, k.c[0]), a, b, v);
}

static int eval_int_d(const struct ctx *c, CXCursor cur, int64_t *v, int depth)
{
	CXCursor ref, parent;
	unsigned from, to, at;

	if (eval_direct(cur, v) == 0)
		return 0;
	cur = unwrap(cur);
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return eval_expr(c, cur, v, depth);
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl)
		return -1;
	parent = clang_getCursorSemanticParent(ref);
	if (!clang_equalCursors(parent, c->fncur) &&
	    !clang_isConstQualifiedType(clang_getCursorType(ref)))
		return -1;
	if (clang_Cursor_hasVarDeclGlobalStorage(ref) == 1 &&
	    !clang_isConstQualifiedType(clang_getCursorType(ref)))
		return -1;
	span(c->fncur, &from, &to);
	where(ref, NULL, NULL, &at);
	{
		CXString nm = clang_getCursorSpelling(ref);
		int mod = assigned(c, clang_getCString(nm), from, to, at);

		if (mod)
			mod = once_value(c, clang_getCString(nm), cur, from, to,
					 at, v);
		clang_disposeString(nm);
		if (mod)
			return mod > 0 ? 0 : -1;
	}
	return eval_direct(ref, v);
}

/*
 * A local the function changes once, by `name = K` not under a branch or
 * a loop (c->onces), used after it: 1 with *v K, else -1 (another change,
 * a use before it).
 */
static int once_value(const struct ctx *c, const char *name, CXCursor use,
		      unsigned from, unsigned to, unsigned skip, int64_t *v)
{
	size_t lo = first_mod(c, name, from), n = 0, i;
	unsigned off = 0, at;

	for (; lo < c->nmods && strcmp(c->mods[lo].s, name) == 0 &&
	       c->mods[lo].off < to;
	     lo++)
		if (c->mods[lo].off != skip) {
			off = c->mods[lo].off;
			n++;
		}
	where(use, NULL, NULL, &at);
	if (n != 1 || at <= off)
		return -1;
	for (i = 0; i < c->nonces; i++)
		if (c->onces[i].off == off) {
			*v = c->onces[i].v;
			return 1;
		}
	return -1;
}

/* a member chain's fields at most (`cfg.io.n`: 2) */
#define MAX_PATH_FIELDS 8
static int member_chain(CXCursor cur, CXCursor *base, CXString *names);
static void names_free(CXString *names, int n);
static int var_ref(CXCursor cur, CXCursor *var);
static int const_ref(const struct ctx *c, unsigned off);
static void tok_range(const struct ctx *c, CXCursor cur, unsigned *first,
		      unsigned *n);

/* `name = K;` in blk: a constant assigned to a local of the function,
 * not under a branch or a loop, noted for once_value() */
static void note_once(struct ctx *c, const struct iol_cblock *blk, CXCursor lhs,
		      CXCursor rhs)
{
	CXCursor ref;
	struct once *o;
	int64_t v;

	lhs = unwrap(lhs);
	if (blk->kind != IOL_CB_FUNCTION || c->cond)
		return;
	if (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
		/* `var.a.b = K`: the root a local struct (field_value) */
		CXString names[MAX_PATH_FIELDS];
		CXCursor base;
		int n = member_chain(lhs, &base, names);

		names_free(names, n);
		if (!n || clang_getCursorKind(base) != CXCursor_DeclRefExpr)
			return;
		ref = clang_getCursorReferenced(base);
	} else if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
		return;
	else
		ref = clang_getCursorReferenced(lhs);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl ||
	    !clang_equalCursors(clang_getCursorSemanticParent(ref), c->fncur) ||
	    clang_Cursor_hasVarDeclGlobalStorage(ref) == 1 ||
	    eval_int(c, rhs, &v) < 0)
		return;
	if (c->nonces == c->caponces) {
		size_t cap = c->caponces ? c->caponces * 2 : 16;

		o = realloc(c->onces, cap * sizeof(*o));
		if (!o)
			return; /* not noted: not a constant */
		c->onces = o;
		c->caponces = cap;
	}
	o = &c->onces[c->nonces++];
	where(lhs, NULL, NULL, &o->off);
	o->v = v;
}

/* the assumption a variable or parameter reference names: its index */
static int assumed_ref(const struct ctx *c, CXCursor cur)
{
	CXCursor ref;
	CXString nm;
	int i, k = -1;

	cur = unwrap(cur);
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return -1;
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return -1;
	nm = clang_getCursorSpelling(ref);
	for (i = 0; i < c->nassume && clang_getCString(nm); i++)
		if (strcmp(c->assume[i].name, clang_getCString(nm)) == 0) {
			k = i;
			break;
		}
	clang_disposeString(nm);
	return k;
}

/* a + b, a - b, a * b, a / b of values, saturating to -1 (unknown);
 * a sum or difference of two within 2^62 may still be 2^63, past int64
 * (2^62 + 2^62) */
static int arith(const char *op, int64_t a, int64_t b, int64_t *v)
{
	const int64_t lim = (int64_t)1 << 62;

	if (a > lim || a < -lim || b > lim || b < -lim)
		return -1;
	if (strcmp(op, "+") == 0 && (b <= 0 || a <= INT64_MAX - b))
		*v = a + b;
	else if (strcmp(op, "-") == 0 && (b >= 0 || a <= INT64_MAX + b))
		*v = a - b;
	else if (strcmp(op, "*") == 0 && (a == 0 || llabs(b) <= lim / llabs(a)))
		*v = a * b;
	else if (strcmp(op, "/") == 0 && b != 0)
		*v = a / b;
	else
		return -1;
	return 0;
}

/* eval_int() with the assumptions: a variable the source does not fix
 * named by one, or + - * / and casts of such and constants (`n * 8`,
 * `(size_t)n`); the assumptions it took in *used */
static int eval_assumed(const struct ctx *c, CXCursor cur, int64_t *v,
			uint64_t *used, int depth)
{
	struct kids k;
	int64_t a, b;
	int i;

	if (eval_int(c, cur, v) == 0)
		return 0;
	cur = unwrap(cur);
	if ((i = assumed_ref(c, cur)) >= 0) {
		*v = c->assume[i].value;
		*used |= (uint64_t)1 << i;
		return 0;
	}
	if (depth > 16)
		return -1;
	kids_of(cur, &k);
	if (clang_getCursorKind(cur) == CXCursor_CStyleCastExpr && k.n >= 1 &&
	    k.n <= 8)
		return eval_assumed(c, k.c[k.n - 1], v, used, depth + 1);
	if (clang_getCursorKind(cur) != CXCursor_BinaryOperator || k.n != 2 ||
	    eval_assumed(c, k.c[0], &a, used, depth + 1) < 0 ||
	    eval_assumed(c, k.c[1], &b, used, depth + 1) < 0)
		return -1;
	return arith(binop(c, k.c[0]), a, b, v);
}

/*
 * The value of an expression: what the source fixes (eval_int), else,
 * when as is not NULL, what the caller's assumptions make it (then *as
 * is set and the assumptions taken count a use).  0, or -1.
 */
static int eval_as(const struct ctx *c, CXCursor cur, int64_t *v, int *as)
{
	uint64_t used = 0;
	int i;

	if (eval_int(c, cur, v) == 0)
		return 0;
	if (!as || !c->nassume || eval_assumed(c, cur, v, &used, 0) < 0)
		return -1;
	for (i = 0; i < c->nassume; i++)
		if (used & ((uint64_t)1 << i))
			c->assume[i].uses++;
	*as = 1;
	return 0;
}

/*
 * The index of the function's parameter an expression is, when it is
 * one and nothing in the function assigns it (so a caller's constant
 * argument is its value throughout), else -1.
 */
static int param_of(const struct ctx *c, CXCursor cur)
{
	CXCursor ref;
	CXString nm;
	unsigned from, to, at;
	int i, n, mod;

	cur = unwrap(cur);
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr)
		return -1;
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl ||
	    !clang_equalCursors(clang_getCursorSemanticParent(ref), c->fncur))
		return -1;
	span(c->fncur, &from, &to);
	where(ref, NULL, NULL, &at);
	nm = clang_getCursorSpelling(ref);
	mod = assigned(c, clang_getCString(nm), from, to, at);
	clang_disposeString(nm);
	if (mod)
		return -1;
	n = clang_Cursor_getNumArguments(c->fncur);
	for (i = 0; i < n && i < IOL_CARGS; i++)
		if (clang_equalCursors(
			    clang_Cursor_getArgument(c->fncur, (unsigned)i),
			    ref))
			return i;
	return -1;
}

/* ---- fields of structs ---- */

/* the names of a member chain `base.a.b` / `base->a.b` (at most
 * MAX_PATH_FIELDS, outermost first) and its base expression: their
 * count, 0 when cur is no member access */
static int member_chain(CXCursor cur, CXCursor *base, CXString *names)
{
	CXCursor m[MAX_PATH_FIELDS];
	struct kids k;
	int n = 0, i;

	cur = unwrap(cur);
	while (clang_getCursorKind(cur) == CXCursor_MemberRefExpr) {
		if (n == MAX_PATH_FIELDS)
			return 0;
		kids_of(cur, &k);
		if (k.n != 1)
			return 0;
		m[n++] = cur;
		cur = unwrap(k.c[0]);
	}
	for (i = 0; i < n; i++)
		names[i] = clang_getCursorSpelling(m[n - 1 - i]);
	*base = cur;
	return n;
}

static void names_free(CXString *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		clang_disposeString(names[i]);
}

/* "a.b" of names, in the tree's arena */
static const char *path_of(struct ctx *c, CXString *names, int n)
{
	char buf[512];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		const char *s = clang_getCString(names[i]);
		int w = snprintf(buf + len, sizeof(buf) - len, "%s%s",
				 i ? "." : "", s ? s : "");

		if (w < 0 || (size_t)w >= sizeof(buf) - len)
			return NULL;
		len += (size_t)w;
	}
	return iol_arena_strdup(&c->t->arena, buf);
}

/* whether every use of the name in the function is a member access
 * (`p->n`, `p.n`): the struct it points to is given to nothing that
 * may change it */
static int only_members(const struct ctx *c, const char *name, unsigned skip)
{
	unsigned i;

	for (i = 0; i + 1 < c->ntoks; i++)
		if (c->toks[i].off != skip && !strcmp(c->toks[i].s, name) &&
		    strcmp(c->toks[i + 1].s, "->") &&
		    strcmp(c->toks[i + 1].s, "."))
			return 0;
	return 1;
}

/* the uses of a struct pointer parameter in a function's body: how
 * many name it, how many of those a member access's base, how many an
 * argument given to a function that reads it only (passed; -1 given
 * to another), and whether a member of it is written */
struct roscan {
	const struct ctx *c;
	CXCursor parm;
	int uses, members, passed, written;
	int depth; /* of the function scanned, for calls it makes */
};

static int reads_only(const struct ctx *c, CXCursor fn, CXCursor parm,
		      int depth);
static int reads_only_of(const struct ctx *c, const struct fnrec *f, int j,
			 int depth);
static const struct fnrec *find_fn(const struct ctx *c, CXCursor ref);

/* whether m, a member chain (`p->a.b`), has the parameter as its base */
static int chain_of(CXCursor m, CXCursor parm)
{
	struct kids k;
	int guard;

	for (guard = 0; guard < MAX_PATH_FIELDS + 1 &&
			clang_getCursorKind(m) == CXCursor_MemberRefExpr;
	     guard++) {
		kids_of(m, &k);
		if (k.n < 1)
			return 0;
		m = unwrap(k.c[0]);
	}
	return clang_getCursorKind(m) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(m), parm);
}

/* the arguments of a call that are the parameter: each given to a
 * function of the files that reads it only, else not provable */
static void ro_call(struct roscan *r, CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call), a;
	const struct fnrec *f = NULL;
	int i, n = clang_Cursor_getNumArguments(call);

	if (!clang_Cursor_isNull(ref))
		f = find_fn(r->c, ref);
	for (i = 0; i < n; i++) {
		a = unwrap(clang_Cursor_getArgument(call, (unsigned)i));
		if (clang_getCursorKind(a) != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(a), r->parm))
			continue;
		if (f && r->depth < 3 &&
		    reads_only_of(r->c, f, i, r->depth + 1))
			r->passed++;
		else
			r->passed = INT32_MIN / 2;
	}
}

static enum CXChildVisitResult ro_visit(CXCursor cur, CXCursor parent,
					CXClientData data)
{
	struct roscan *r = data;
	enum CXCursorKind kd = clang_getCursorKind(cur);
	enum CXCursorKind pk = clang_getCursorKind(parent);
	struct kids k;

	if (kd == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(cur), r->parm))
		r->uses++;
	else if (kd == CXCursor_CallExpr)
		ro_call(r, cur);
	else if (kd == CXCursor_MemberRefExpr) {
		kids_of(cur, &k);
		if (k.n >= 1 && chain_of(unwrap(k.c[0]), r->parm) &&
		    clang_getCursorKind(unwrap(k.c[0])) == CXCursor_DeclRefExpr)
			r->members++;
		/* a read is under an implicit cast: directly under an
		 * operator, the member is assigned, stepped or its
		 * address taken */
		if ((pk == CXCursor_BinaryOperator ||
		     pk == CXCursor_UnaryOperator ||
		     pk == CXCursor_CompoundAssignOperator) &&
		    chain_of(cur, r->parm))
			r->written = 1;
	}
	return r->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* whether fn's body uses its parameter parm (a pointer to a struct)
 * through member reads only, or gives it to functions of the files that
 * do (put(s, s->bs) in a helper given s: s's fields stay the caller's) */
static int reads_only(const struct ctx *c, CXCursor fn, CXCursor parm,
		      int depth)
{
	struct roscan r;

	memset(&r, 0, sizeof(r));
	r.c = c;
	r.parm = parm;
	r.depth = depth;
	clang_visitChildren(fn, ro_visit, &r);
	return !r.written && r.passed >= 0 && r.uses > 0 &&
	       r.uses == r.members + r.passed;
}

/* reads_only() of f's parameter j, found once */
static int reads_only_of(const struct ctx *c, const struct fnrec *f, int j,
			 int depth)
{
	struct fnrec *m = (struct fnrec *)f;
	unsigned bit;

	/* j is any argument of a call (the 35th of a call of 40): shifted
	 * only once within the bits */
	if (j < 0 || j >= IOL_CARGS ||
	    j >= clang_Cursor_getNumArguments(f->cur))
		return 0;
	bit = 1u << j;
	if (!(m->ro_known & bit)) {
		if (reads_only(c, f->cur,
			       clang_Cursor_getArgument(f->cur, (unsigned)j),
			       depth))
			m->ro |= bit;
		m->ro_known |= bit;
	}
	return (m->ro & bit) != 0;
}

/* reads_only() of the walked function's parameter p */
static int fn_reads_only(const struct ctx *c, int p)
{
	const struct fnrec *f = find_fn(c, c->fncur);

	return f ? reads_only_of(c, f, p, 0)
		 : reads_only(c, c->fncur,
			      clang_Cursor_getArgument(c->fncur, (unsigned)p),
			      0);
}

/*
 * A field of a struct parameter the function reads and leaves alone
 * (`cfg->n`, `cfg.io.n`, cfg a parameter nothing assigns): the
 * parameter's index with *field its path (`io.n`), or -1.  A pointer to
 * a struct that is not const must be used only through its members (not
 * passed on to a function that may change it), and no field of the
 * path's names is assigned anywhere in the function.
 */
static int field_param(struct ctx *c, CXCursor cur, const char **field)
{
	CXString names[MAX_PATH_FIELDS], nm;
	CXCursor base, ref;
	CXType t;
	unsigned from, to, at;
	int n = member_chain(cur, &base, names), p = -1, i, ok = n > 0;

	for (i = 0; ok && i < n; i++)
		if (assigned(c, clang_getCString(names[i]), 0, UINT32_MAX,
			     (unsigned)-1))
			ok = 0;
	if (ok)
		p = param_of(c, base);
	if (p >= 0) {
		ref = clang_getCursorReferenced(base);
		t = clang_getCanonicalType(clang_getCursorType(ref));
		if (t.kind == CXType_Pointer ||
		    t.kind == CXType_LValueReference) {
			span(c->fncur, &from, &to);
			where(ref, NULL, NULL, &at);
			nm = clang_getCursorSpelling(ref);
			if (!clang_isConstQualifiedType(
				    clang_getPointeeType(t)) &&
			    !only_members(c, clang_getCString(nm), at) &&
			    !fn_reads_only(c, p))
				p = -1;
			clang_disposeString(nm);
		}
	}
	if (p >= 0 && !(*field = path_of(c, names, n)))
		p = -1;
	names_free(names, n);
	return p;
}

/* a record type's fields: the index of the one named name, its type */
struct fidx {
	const char *name;
	unsigned i, n;
	int found;
	CXType t;
};

static enum CXVisitorResult fidx_visit(CXCursor f, CXClientData data)
{
	struct fidx *k = data;
	CXString nm = clang_getCursorSpelling(f);
	int hit =
		clang_getCString(nm) && !strcmp(clang_getCString(nm), k->name);

	clang_disposeString(nm);
	if (hit) {
		k->i = k->n;
		k->t = clang_getCursorType(f);
		k->found = 1;
		return CXVisit_Break;
	}
	k->n++;
	return CXVisit_Continue;
}

/* an initializer list's entry for field index want (the syntactic
 * form: positional values and designated ones `.n = 3`, a designated
 * one an expression whose first child names the field): 1 with *val
 * set, 0 none (the field is zero), -1 not understood */
struct ipick {
	unsigned want, pos;
	CXType t;
	CXCursor val;
	int rc;
};

static enum CXChildVisitResult ipick_visit(CXCursor cur, CXCursor parent,
					   CXClientData data)
{
	struct ipick *k = data;
	struct kids d;
	unsigned at = k->pos;

	(void)parent;
	kids_of(cur, &d);
	if (clang_getCursorKind(cur) == CXCursor_UnexposedExpr && d.n >= 2 &&
	    clang_getCursorKind(d.c[0]) == CXCursor_MemberRef) {
		struct fidx f = {NULL, 0, 0, 0, k->t};
		CXString nm = clang_getCursorSpelling(d.c[0]);

		f.name = clang_getCString(nm);
		if (f.name)
			clang_Type_visitFields(k->t, fidx_visit, &f);
		clang_disposeString(nm);
		if (!f.found || d.n != 2 || d.n > 8) {
			k->rc = -1; /* `.a.b = 3`, `[2] = 1` */
			return CXChildVisit_Break;
		}
		at = f.i;
		cur = d.c[1];
	}
	if (at == k->want) {
		k->val = cur;
		k->rc = 1;
	}
	k->pos = at + 1;
	return CXChildVisit_Continue;
}

/* the value var's initializer gives its field path (names, n of them):
 * an initializer list (designated or not) whose entry for it folds, or
 * that has none for it (0); 0, or -1 */
static int init_field(const struct ctx *c, CXCursor var, CXString *names, int n,
		      int64_t *v)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));
	struct kids k;
	CXCursor cur;
	int i;

	kids_of(var, &k);
	if (k.n < 1 || k.n > 8)
		return -1;
	cur = k.c[k.n - 1];
	for (i = 0; i < n; i++) {
		struct fidx f = {clang_getCString(names[i]), 0, 0, 0, t};

		cur = unwrap(cur);
		if (!f.name || t.kind != CXType_Record ||
		    clang_getCursorKind(cur) != CXCursor_InitListExpr)
			return -1;
		clang_Type_visitFields(t, fidx_visit, &f);
		if (!f.found)
			return -1;
		{
			struct ipick k = {f.i, 0, t, clang_getNullCursor(), 0};

			clang_visitChildren(cur, ipick_visit, &k);
			if (k.rc < 0)
				return -1;
			if (k.rc == 0) {
				*v = 0; /* the rest of a list is zero */
				return 0;
			}
			cur = k.val;
		}
		t = clang_getCanonicalType(f.t);
	}
	return eval_int(c, cur, v);
}

/* a token that names an identifier */
static int is_ident(const char *s)
{
	return (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	       *s == '_';
}

/*
 * What the change of a field at token i is, for var.names: 1 an
 * assignment `var.a.b = ...` of that very field, 0 one of no concern (a
 * designated initializer `.n = 3`, a field of another struct object
 * `other.n = 3`, another field of var), -1 any other (`p->n = 3`,
 * `var.n++`, `a[i].n = 3`): the value is then not known.
 */
static int field_change(const struct ctx *c, unsigned i, const char *vname,
			CXString *names, int n)
{
	unsigned j = i;
	int depth = 1, same = 1;

	if (i >= 2 && !strcmp(c->toks[i - 1].s, ".") &&
	    (!strcmp(c->toks[i - 2].s, "{") || !strcmp(c->toks[i - 2].s, ",")))
		return 0;
	/* back along `root . x . y . leaf` */
	while (j >= 2 && !strcmp(c->toks[j - 1].s, ".") &&
	       is_ident(c->toks[j - 2].s)) {
		j -= 2;
		depth++;
	}
	if (j == i || (j >= 1 && (!strcmp(c->toks[j - 1].s, ".") ||
				  !strcmp(c->toks[j - 1].s, "->"))))
		return -1; /* p->n, a[i].n, or no root seen */
	depth--;	   /* the root is no field */
	if (strcmp(c->toks[j].s, vname))
		return 0; /* another object (a struct, as `.` says) */
	if (depth != n)
		same = 0;
	for (int d = 0; same && d < n; d++)
		if (strcmp(c->toks[j + 2 + 2 * (unsigned)d].s,
			   clang_getCString(names[d])))
			same = 0;
	if (!same)
		return 0;
	return i + 1 < c->ntoks && !strcmp(c->toks[i + 1].s, "=") ? 1 : -1;
}

/* the noted `var.path = K` at offset off (note_once) */
static int once_at(const struct ctx *c, unsigned off, int64_t *v)
{
	size_t i;

	for (i = 0; i < c->nonces; i++)
		if (c->onces[i].off == off) {
			*v = c->onces[i].v;
			return 0;
		}
	return -1;
}

/*
 * The value of field path names of var at a call at offset use (the
 * token of var in the argument at usetok): a const global's initializer,
 * or a local's, or the one assignment `var.path = K` the function makes
 * of it, not under a branch or a loop.  Nothing else may change var
 * before the call (an assignment of it, &var given elsewhere) nor the
 * field (two assignments, ++, through a pointer).  0, or -1.
 */
static int field_value(const struct ctx *c, CXCursor var, CXString *names,
		       int n, unsigned usetok, int64_t *v)
{
	CXString vn = clang_getCursorSpelling(var);
	const char *vname = clang_getCString(vn), *leaf;
	unsigned at, off = 0;
	size_t lo;
	int k, nset = 0, rc = -1;

	where(var, NULL, NULL, &at);
	if (clang_Cursor_hasVarDeclGlobalStorage(var) == 1) {
		if (clang_isConstQualifiedType(clang_getCursorType(var)))
			rc = init_field(c, var, names, n, v);
		clang_disposeString(vn);
		return rc;
	}
	if (!vname ||
	    !clang_equalCursors(clang_getCursorSemanticParent(var), c->fncur))
		goto out;
	/* var itself: its declaration, this argument, or after the call
	 * (when the call is in no loop, which would run it again after) */
	for (lo = first_mod(c, vname, 0);
	     lo < c->nmods && !strcmp(c->mods[lo].s, vname); lo++)
		if (c->mods[lo].off != at && c->mods[lo].off != usetok &&
		    (c->mods[lo].off < usetok || c->call_loop) &&
		    !const_ref(c, c->mods[lo].off))
			goto out;
	leaf = clang_getCString(names[n - 1]);
	for (lo = first_mod(c, leaf, 0);
	     lo < c->nmods && !strcmp(c->mods[lo].s, leaf); lo++) {
		k = field_change(c, tok_at(c, c->mods[lo].off), vname, names,
				 n);
		if (k < 0)
			goto out;
		if (k > 0) {
			nset++;
			off = c->mods[lo].off;
		}
	}
	if (nset == 0)
		rc = init_field(c, var, names, n, v);
	else if (nset == 1 && once_at(c, off, v) == 0)
		rc = off < usetok ? 0 : init_field(c, var, names, n, v);
out:
	clang_disposeString(vn);
	return rc;
}

/* whether off is a `&var` given to a pointer to const (c->crefs) */
static int const_ref(const struct ctx *c, unsigned off)
{
	size_t i;

	for (i = 0; i < c->ncrefs; i++)
		if (c->crefs[i] == off)
			return 1;
	return 0;
}

/* the struct variable an argument gives (&cfg, cfg), and its token's
 * offset: 0, or -1 */
static int struct_arg(const struct ctx *c, CXCursor a, CXCursor *var,
		      unsigned *usetok)
{
	struct kids k;
	unsigned first, n;
	CXType t;

	a = unwrap(a);
	if (clang_getCursorKind(a) == CXCursor_UnaryOperator) {
		tok_range(c, a, &first, &n);
		kids_of(a, &k);
		if (n < 2 || strcmp(c->toks[first].s, "&") || k.n != 1)
			return -1;
		a = unwrap(k.c[0]);
	}
	if (var_ref(a, var) < 0)
		return -1;
	t = clang_getCanonicalType(clang_getCursorType(*var));
	if (t.kind != CXType_Record)
		return -1;
	where(a, NULL, NULL, usetok);
	return 0;
}

struct fwalk {
	struct ctx *c;
	CXCursor var;
	unsigned usetok;
	CXString names[MAX_PATH_FIELDS];
	int n;
	struct iol_cfield *list;
};

static enum CXVisitorResult fwalk_visit(CXCursor f, CXClientData data)
{
	struct fwalk *w = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(f));
	struct iol_cfield *e;
	int64_t v;

	if (w->n == MAX_PATH_FIELDS || w->c->rc)
		return CXVisit_Break;
	w->names[w->n++] = clang_getCursorSpelling(f);
	if (t.kind == CXType_Record)
		clang_Type_visitFields(t, fwalk_visit, w);
	else if (((t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
		  t.kind == CXType_Enum) &&
		 field_value(w->c, w->var, w->names, w->n, w->usetok, &v) ==
			 0 &&
		 (e = zalloc(w->c, sizeof(*e))) &&
		 (e->path = path_of(w->c, w->names, w->n))) {
		e->v = v;
		e->next = w->list;
		w->list = e;
	}
	clang_disposeString(w->names[--w->n]);
	return CXVisit_Continue;
}

/* the fields of the struct argument a gives whose values the function
 * fixes at the call, NULL none */
static struct iol_cfield *struct_fields(struct ctx *c, CXCursor a)
{
	struct fwalk w;

	memset(&w, 0, sizeof(w));
	w.c = c;
	if (struct_arg(c, a, &w.var, &w.usetok) < 0)
		return NULL;
	clang_Type_visitFields(
		clang_getCanonicalType(clang_getCursorType(w.var)), fwalk_visit,
		&w);
	return w.list;
}

/* the string a constant expression spells (an open's file name) */
static const char *eval_str(struct ctx *c, CXCursor cur)
{
	CXEvalResult r = clang_Cursor_Evaluate(cur);
	const char *s = NULL;

	if (!r)
		return NULL;
	if (clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
		const char *p = clang_EvalResult_getAsStr(r);

		if (p) {
			s = iol_arena_strdup(&c->t->arena, p);
			if (!s)
				c->rc = IOL_ENOMEM;
		}
	}
	clang_EvalResult_dispose(r);
	return s;
}

/* the name a variable reference (or a `T x = ...` declaration) names */
static int var_ref(CXCursor cur, CXCursor *var)
{
	cur = unwrap(cur);
	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
		*var = clang_getCursorReferenced(cur);
		return clang_getCursorKind(*var) == CXCursor_VarDecl ? 0 : -1;
	}
	return -1;
}

/* ---- trip counts ---- */

/* the tokens of the extent of cur, first index and count */
static void tok_range(const struct ctx *c, CXCursor cur, unsigned *first,
		      unsigned *n)
{
	unsigned from, to, i;

	span(cur, &from, &to);
	*first = tok_at(c, from);
	*n = 0;
	for (i = *first; i < c->ntoks && c->toks[i].off < to; i++)
		(*n)++;
}

/* the operator token after the left operand of a binary expression */
static const char *binop(const struct ctx *c, CXCursor lhs)
{
	unsigned from, to, i;

	span(lhs, &from, &to);
	i = tok_at(c, to);
	return i < c->ntoks ? c->toks[i].s : "";
}

/* iterations of `for (i = a; i op b; i += s)`, or -1 */
int64_t iol_ctrip_count(int64_t a, const char *op, int64_t b, int64_t s)
{
	const int64_t lim = (int64_t)1 << 61;

	if (a > lim || a < -lim || b > lim || b < -lim || s == 0 || s > lim ||
	    s < -lim)
		return -1;
	if (s > 0 && strcmp(op, "<") == 0)
		return b > a ? (b - a + s - 1) / s : 0;
	if (s > 0 && strcmp(op, "<=") == 0)
		return b >= a ? (b - a) / s + 1 : 0;
	if (s < 0 && strcmp(op, ">") == 0)
		return a > b ? (a - b - s - 1) / -s : 0;
	if (s < 0 && strcmp(op, ">=") == 0)
		return a >= b ? (a - b) / -s + 1 : 0;
	if (strcmp(op, "!=") == 0) {
		if (s > 0 && b >= a && (b - a) % s == 0)
			return (b - a) / s;
		if (s < 0 && a >= b && (a - b) % -s == 0)
			return (a - b) / -s;
	}
	return -1;
}

/* == != < <= > >= as a string of static storage, or NULL */
static const char *static_cmp(const char *op)
{
	static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return ops[i];
	return NULL;
}

/* whether v OP k holds (OP one of static_cmp()'s) */
static int cmp_holds(const char *op, int64_t v, int64_t k)
{
	switch (op[0]) {
	case '=': return v == k;
	case '!': return v != k;
	case '<': return op[1] ? v <= k : v < k;
	default: return op[1] ? v >= k : v > k;
	}
}

static const char *swap_op(const char *op)
{
	if (strcmp(op, "<") == 0)
		return ">";
	if (strcmp(op, ">") == 0)
		return "<";
	if (strcmp(op, "<=") == 0)
		return ">=";
	if (strcmp(op, ">=") == 0)
		return "<=";
	return op;
}

/* the start value and variable of a for loop's init part */
static int for_init(const struct ctx *c, CXCursor init, CXCursor *var,
		    int64_t *a, int *as)
{
	struct kids k;

	kids_of(init, &k);
	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		struct kids v;

		if (k.n != 1 || clang_getCursorKind(k.c[0]) != CXCursor_VarDecl)
			return -1;
		*var = k.c[0];
		kids_of(*var, &v);
		if (v.n < 1 || v.n > 8)
			return -1;
		return eval_as(c, v.c[v.n - 1], a, as);
	}
	if (clang_getCursorKind(init) != CXCursor_BinaryOperator || k.n != 2 ||
	    strcmp(binop(c, k.c[0]), "=") != 0 || var_ref(k.c[0], var) < 0)
		return -1;
	return eval_as(c, k.c[1], a, as);
}

/* the step of a for loop's increment part for var, or 0 */
static int64_t for_step(const struct ctx *c, CXCursor inc, CXCursor var,
			int *as)
{
	struct kids k;
	CXCursor v;
	unsigned first, n;
	int64_t s;

	kids_of(inc, &k);
	if (clang_getCursorKind(inc) == CXCursor_UnaryOperator) {
		if (k.n != 1 || var_ref(k.c[0], &v) < 0 ||
		    !clang_equalCursors(v, var))
			return 0;
		tok_range(c, inc, &first, &n);
		if (n != 2)
			return 0;
		if (strcmp(c->toks[first].s, "++") == 0 ||
		    strcmp(c->toks[first + 1].s, "++") == 0)
			return 1;
		if (strcmp(c->toks[first].s, "--") == 0 ||
		    strcmp(c->toks[first + 1].s, "--") == 0)
			return -1;
		return 0;
	}
	if (clang_getCursorKind(inc) != CXCursor_CompoundAssignOperator ||
	    k.n != 2 || var_ref(k.c[0], &v) < 0 ||
	    !clang_equalCursors(v, var) || eval_as(c, k.c[1], &s, as) < 0)
		return 0;
	if (strcmp(binop(c, k.c[0]), "+=") == 0)
		return s;
	if (strcmp(binop(c, k.c[0]), "-=") == 0)
		return s > INT64_MIN ? -s : 0;
	return 0;
}

/* the parts of a for statement: which children are init, cond, inc */
static void for_parts(const struct ctx *c, CXCursor loop, CXCursor *part,
		      int *have)
{
	unsigned from, to, i, semi[2] = {0, 0}, nsemi = 0, close = 0;
	int depth = 0;
	struct kids k;

	span(loop, &from, &to);
	have[0] = have[1] = have[2] = 0;
	/* "for" "(" ... ";" ... ";" ... ")" */
	i = tok_at(c, from);
	for (; i < c->ntoks && c->toks[i].off < to; i++) {
		const char *s = c->toks[i].s;

		if (strcmp(s, "(") == 0)
			depth++;
		else if (strcmp(s, ")") == 0 && --depth == 0) {
			close = c->toks[i].off;
			break;
		} else if (depth == 1 && strcmp(s, ";") == 0 && nsemi < 2)
			semi[nsemi++] = c->toks[i].off;
	}
	if (nsemi != 2 || !close)
		return;
	kids_of(loop, &k);
	for (i = 0; i < k.n && i < 8; i++) {
		unsigned a, b;
		int p;

		span(k.c[i], &a, &b);
		p = a < semi[0] ? 0 : a < semi[1] ? 1 : a < close ? 2 : 3;
		if (p < 3) {
			part[p] = k.c[i];
			have[p] = 1;
		}
	}
}

/* a loop condition `var OP b` or `b OP var`: op (as if var were on the
 * left) and b's cursor; 0, or -1 when it is not one */
static int cond_side(const struct ctx *c, CXCursor cond, CXCursor var,
		     const char **op, CXCursor *b)
{
	struct kids k;
	CXCursor v;

	kids_of(unwrap(cond), &k);
	if (clang_getCursorKind(unwrap(cond)) != CXCursor_BinaryOperator ||
	    k.n != 2)
		return -1;
	*op = binop(c, k.c[0]);
	if (var_ref(k.c[0], &v) == 0 && clang_equalCursors(v, var)) {
		*b = k.c[1];
		return 0;
	}
	if (var_ref(k.c[1], &v) == 0 && clang_equalCursors(v, var)) {
		*op = swap_op(*op);
		*b = k.c[0];
		return 0;
	}
	return -1;
}

/* the condition's b when it is a constant: 0, or -1 */
static int cond_bound(const struct ctx *c, CXCursor cond, CXCursor var,
		      const char **op, int64_t *b, int *as)
{
	CXCursor bc;

	if (cond_side(c, cond, var, op, &bc) < 0)
		return -1;
	return eval_as(c, bc, b, as);
}

/* the condition's b when it is a parameter of the function: its index,
 * or -1 */
static int cond_param(struct ctx *c, CXCursor cond, CXCursor var,
		      const char **op, const char **field)
{
	CXCursor bc;
	int p;

	*field = NULL;
	if (cond_side(c, cond, var, op, &bc) < 0)
		return -1;
	p = param_of(c, bc);
	return p >= 0 ? p : field_param(c, bc, field);
}

/* op as a string of static storage (the tokens go with the function) */
static const char *static_op(const char *op)
{
	static const char *const ops[] = {"<", "<=", ">", ">=", "!="};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return ops[i];
	return NULL;
}

/* A for loop's trip count, or -1; a bound that is a parameter of the
 * function goes into blk's trip_* for the callers that fix it (and the
 * count is then the one its assumed value gives, or -1).  A count that
 * rests on an assumption marks blk. */
static int64_t trip_for(struct ctx *c, CXCursor loop, struct iol_cblock *blk)
{
	CXCursor part[3], var, body;
	int have[3], p = -1, as = 0, *asp = c->nassume ? &as : NULL;
	struct kids k;
	int64_t a, b, s, n = -1;
	const char *op, *field = NULL;
	unsigned from, to;
	int bk;

	for_parts(c, loop, part, have);
	if (!have[0] || !have[1] || !have[2] ||
	    for_init(c, part[0], &var, &a, asp) < 0)
		return -1;
	s = for_step(c, part[2], var, asp);
	if (s == 0)
		return -1;
	bk = cond_bound(c, part[1], var, &op, &b, NULL);
	if (bk < 0) {
		/* a parameter: its callers' value, else its assumed one */
		p = cond_param(c, part[1], var, &op, &field);
		if (p >= 0 && !static_op(op))
			return -1;
		bk = cond_bound(c, part[1], var, &op, &b, asp);
	}
	if (bk == 0)
		n = iol_ctrip_count(a, op, b, s);
	if (n < 0 && p < 0)
		return -1;
	/* the body must leave the counter alone */
	kids_of(loop, &k);
	if (k.n < 1)
		return -1;
	body = k.c[k.n <= 8 ? k.n - 1 : 7];
	span(body, &from, &to);
	{
		CXString nm = clang_getCursorSpelling(var);
		int mod = assigned(c, clang_getCString(nm), from, to + 1,
				   (unsigned)-1);

		clang_disposeString(nm);
		if (mod)
			return -1;
	}
	if (p >= 0) {
		blk->trip_param = p;
		blk->trip_a = a;
		blk->trip_s = s;
		blk->trip_op = static_op(op);
		blk->trip_field = field;
	}
	blk->assumed = as;
	return n;
}

/*
 * A while or do loop whose counter is set to a constant by the statement
 * just before it (prev), compared with a constant in its condition, and
 * stepped by one statement of its body (first, last or between, not
 * under a branch) and nowhere else in it, with no `continue` that would
 * skip the step:
 *     i = 0; while (i < 4) { ...; i++; }   k = 0; while (k < 4) { k++; ... }
 * A do loop runs its body once before testing.  -1 for any other.
 */
/* the counter of cond that prev sets to a constant: `i = 0;`, or one of
 * the variables `int i = 0, k;` declares; 0, or -1 */
static int prev_init(const struct ctx *c, CXCursor prev, CXCursor cond,
		     CXCursor *var, int64_t *a, int *as)
{
	struct kids k, v;
	const char *op;
	int64_t b;
	unsigned i;

	if (clang_getCursorKind(prev) != CXCursor_DeclStmt)
		return for_init(c, prev, var, a, as);
	kids_of(prev, &k);
	for (i = 0; i < k.n && i < 8; i++) {
		if (clang_getCursorKind(k.c[i]) != CXCursor_VarDecl ||
		    cond_bound(c, cond, k.c[i], &op, &b, as) < 0)
			continue;
		kids_of(k.c[i], &v);
		*var = k.c[i];
		return v.n >= 1 && v.n <= 8 ? eval_as(c, v.c[v.n - 1], a, as)
					    : -1;
	}
	return -1;
}

/* the statements of a loop's body that step its counter: how many,
 * the last one's step and extent */
struct stepscan {
	const struct ctx *c;
	CXCursor var;
	int *as;
	int n;
	int64_t s;
	CXCursor at;
};

static enum CXChildVisitResult step_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct stepscan *k = data;
	int64_t s = for_step(k->c, cur, k->var, k->as);

	(void)parent;
	if (s != 0) {
		k->n++;
		k->s = s;
		k->at = cur;
	}
	return CXChildVisit_Continue;
}

static int var_assigned(const struct ctx *c, CXCursor var, unsigned from,
			unsigned to)
{
	CXString nm = clang_getCursorSpelling(var);
	int mod = assigned(c, clang_getCString(nm), from, to, (unsigned)-1);

	clang_disposeString(nm);
	return mod;
}

/* A statement of the body, not under a branch, steps the counter, and
 * nothing else in the body changes it: where it stands (first, last,
 * between) does not change the count, as the condition is tested once
 * an iteration either way. */
/* the statement of comp before the loop that last sets its counter to
 * a constant, with nothing changing the counter between it and the loop
 * (`int j = 0; other(); while (j < 60)`): as prev_init() */
struct initscan {
	const struct ctx *c;
	CXCursor cond, var, loop;
	unsigned at, end;
	int64_t a;
	int *as, found;
};

static enum CXChildVisitResult init_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct initscan *k = data;
	unsigned from, to;
	CXCursor var;
	int64_t a;

	(void)parent;
	span(cur, &from, &to);
	if (to > k->at)
		return CXChildVisit_Break;
	if (prev_init(k->c, cur, k->cond, &var, &a, k->as) == 0) {
		k->var = var;
		k->a = a;
		k->end = to;
		k->found = 1;
	}
	return CXChildVisit_Continue;
}

static int var_assigned(const struct ctx *c, CXCursor var, unsigned from,
			unsigned to);

static int comp_init(const struct ctx *c, CXCursor comp, CXCursor loop,
		     CXCursor cond, CXCursor *var, int64_t *a, int *as)
{
	struct initscan k;
	unsigned to;

	if (clang_Cursor_isNull(comp))
		return -1;
	memset(&k, 0, sizeof(k));
	k.c = c;
	k.cond = cond;
	k.as = as;
	span(loop, &k.at, &to);
	clang_visitChildren(comp, init_visit, &k);
	if (!k.found || var_assigned(c, k.var, k.end, k.at))
		return -1;
	*var = k.var;
	*a = k.a;
	return 0;
}

static int64_t trip_while(const struct ctx *c, CXCursor loop, CXCursor prev,
			  CXCursor comp, int is_do, int *as)
{
	CXCursor var, cond, body;
	struct kids k;
	struct stepscan st;
	const char *op;
	int64_t a, b, n;
	unsigned from, to, sfrom, sto, i;

	kids_of(loop, &k);
	if (k.n != 2 || clang_Cursor_isNull(prev))
		return -1; /* a condition variable, or not understood */
	body = k.c[is_do ? 0 : 1];
	cond = k.c[is_do ? 1 : 0];
	if (clang_getCursorKind(body) != CXCursor_CompoundStmt ||
	    (prev_init(c, prev, cond, &var, &a, as) < 0 &&
	     comp_init(c, comp, loop, cond, &var, &a, as) < 0) ||
	    cond_bound(c, cond, var, &op, &b, as) < 0)
		return -1;
	memset(&st, 0, sizeof(st));
	st.c = c;
	st.var = var;
	st.as = as;
	clang_visitChildren(body, step_visit, &st);
	if (st.n != 1)
		return -1;
	span(body, &from, &to);
	span(st.at, &sfrom, &sto);
	if (var_assigned(c, var, from, sfrom) ||
	    var_assigned(c, var, sto, to + 1))
		return -1;
	for (i = tok_at(c, from); i < c->ntoks && c->toks[i].off < to; i++)
		if (strcmp(c->toks[i].s, "continue") == 0)
			return -1;
	n = iol_ctrip_count(a, op, b, st.s);
	if (n < 0)
		return -1;
	return is_do && n < 1 ? 1 : n;
}

/* trip_while() on what the source fixes, else on the assumptions too
 * (the count then marks blk) */
static int64_t while_trip(const struct ctx *c, CXCursor loop, CXCursor prev,
			  CXCursor comp, struct iol_cblock *blk, int is_do)
{
	int as = 0;
	int64_t n = trip_while(c, loop, prev, comp, is_do, NULL);

	if (n >= 0 || !c->nassume)
		return n;
	n = trip_while(c, loop, prev, comp, is_do, &as);
	blk->assumed = n >= 0 && as;
	return n;
}

/* a range for over an array of constant size: its length */
static int64_t trip_range(CXCursor loop)
{
	struct kids k;
	unsigned i;

	kids_of(loop, &k);
	for (i = 0; i < k.n && i < 8; i++) {
		CXType t = clang_getCursorType(unwrap(k.c[i]));

		if (clang_isExpression(clang_getCursorKind(k.c[i])) &&
		    t.kind == CXType_ConstantArray)
			return clang_getArraySize(t);
	}
	return -1;
}

/* ---- blocks ---- */

static struct iol_cblock *new_block(struct ctx *c, enum iol_cblock_kind kind,
				    struct iol_cblock *parent, unsigned line)
{
	struct iol_cblock *b = zalloc(c, sizeof(*b));

	if (!b)
		return NULL;
	b->kind = kind;
	b->line = line;
	b->trip = -1;
	b->trip_param = -1;
	b->cond_param = -1;
	b->iv_runs = -1;
	b->file = c->file;
	b->function = parent ? parent->function : NULL;
	b->conditional = c->cond > 0;
	b->parent = parent;
	if (parent) {
		if (parent->last)
			parent->last->next = b;
		else
			parent->first = b;
		parent->last = b;
	}
	return b;
}

static int cmp_usr(const void *pa, const void *pb)
{
	const struct fnrec *a = *(struct fnrec *const *)pa;
	const struct fnrec *b = *(struct fnrec *const *)pb;

	return strcmp(a->usr, b->usr);
}

static const struct fnrec *find_usr(const struct ctx *c, CXCursor ref)
{
	CXString u = clang_getCursorUSR(ref);
	struct fnrec key, *kp = &key, **f = NULL;

	key.usr = (char *)clang_getCString(u);
	if (key.usr && *key.usr && c->byusr)
		f = bsearch(&kp, c->byusr, c->nfns, sizeof(*c->byusr), cmp_usr);
	clang_disposeString(u);
	return f ? *f : NULL;
}

/* the function defined in the files that ref names: itself, or the
 * template it is a specialization of (put<int> of template put) */
static const struct fnrec *find_fn(const struct ctx *c, CXCursor ref)
{
	const struct fnrec *f = find_usr(c, ref);
	CXCursor t;

	if (f)
		return f;
	t = clang_getSpecializedCursorTemplate(ref);
	return clang_Cursor_isNull(t) ? NULL : find_usr(c, t);
}

/* a stdio call on stdin, stdout or stderr: a message, not data I/O */
static int std_stream(CXCursor arg)
{
	CXString s;
	int yes;

	arg = unwrap(arg);
	if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
		return 0;
	s = clang_getCursorSpelling(arg);
	yes = strcmp(clang_getCString(s), "stdin") == 0 ||
	      strcmp(clang_getCString(s), "stdout") == 0 ||
	      strcmp(clang_getCString(s), "stderr") == 0;
	clang_disposeString(s);
	return yes;
}

/* the MPI datatype argument's size, from its spelling */
static int64_t mpi_size(const struct ctx *c, CXCursor arg)
{
	unsigned first, n;

	tok_range(c, arg, &first, &n);
	if (n != 1)
		return -1;
	return iol_mpi_type_size(c->toks[first].s);
}

/* an expression of a char type */
static int is_char(CXCursor a)
{
	enum CXTypeKind k =
		clang_getCanonicalType(clang_getCursorType(unwrap(a))).kind;

	return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar ||
	       k == CXType_UChar;
}

/* the positional values of a const array's initializer list: sum of
 * entries a, a + s, ... (trip of them; past the list, zero) */
struct asum {
	const struct ctx *c;
	int64_t a, s, trip, idx, sum;
	int bad;
};

static enum CXChildVisitResult asum_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct asum *k = data;
	int64_t v, d = k->idx - k->a;

	(void)parent;
	if (d >= 0 && d % k->s == 0 && d / k->s < k->trip) {
		if (eval_int(k->c, cur, &v) < 0 || v < 0 ||
		    arith("+", k->sum, v, &k->sum) < 0) {
			k->bad = 1;
			return CXChildVisit_Break;
		}
	}
	k->idx++;
	return CXChildVisit_Continue;
}

/*
 * A size read from a const array by the counter of a loop around of
 * constant trip count (`sizes[s]`, `for (s = 0; s < 4; s++)`): the
 * entries the loop reads, on average, when they sum to a multiple of
 * the trip count (so each iteration's share is whole, and the loop's
 * bytes and all above it exact).  0, or -1.
 */
static int iv_array_size(const struct ctx *c, CXCursor a, int64_t *v)
{
	struct kids k, d;
	struct asum w;
	CXCursor arr, idx;
	CXType t;
	int i;

	a = unwrap(a);
	kids_of(a, &k);
	if (clang_getCursorKind(a) != CXCursor_ArraySubscriptExpr || k.n != 2 ||
	    var_ref(k.c[0], &arr) < 0 || var_ref(k.c[1], &idx) < 0)
		return -1;
	t = clang_getCursorType(arr);
	/* const int a[]: the qualifier on the element as written */
	if (!clang_isConstQualifiedType(t) &&
	    !clang_isConstQualifiedType(clang_getArrayElementType(t)))
		return -1;
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_ConstantArray)
		return -1;
	for (i = c->niv - 1; i >= 0; i--)
		if (clang_equalCursors(c->iv[i].var, idx))
			break;
	kids_of(arr, &d);
	if (i < 0 || d.n < 1 || d.n > 8 || c->iv[i].s <= 0 ||
	    c->iv[i].blk->trip <= 0 ||
	    clang_getCursorKind(d.c[d.n - 1]) != CXCursor_InitListExpr)
		return -1;
	memset(&w, 0, sizeof(w));
	w.c = c;
	w.a = c->iv[i].a;
	w.s = c->iv[i].s;
	w.trip = c->iv[i].blk->trip;
	if (w.a < 0 || w.a + (w.trip - 1) * w.s >= clang_getArraySize(t))
		return -1;
	clang_visitChildren(d.c[d.n - 1], asum_visit, &w);
	if (w.bad || w.sum % w.trip)
		return -1;
	*v = w.sum / w.trip;
	return 0;
}

/* `sizeof(T)`, T a template type parameter: T's name (the tree's
 * string), else NULL */
static enum CXChildVisitResult tparm_visit(CXCursor cur, CXCursor parent,
					   CXClientData data)
{
	CXCursor r = clang_getCursorReferenced(cur);

	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_TypeRef &&
	    clang_getCursorKind(r) == CXCursor_TemplateTypeParameter) {
		*(CXCursor *)data = r;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static const char *sizeof_tparam(struct ctx *c, CXCursor a)
{
	CXCursor r = clang_getNullCursor();
	unsigned first, n;

	a = unwrap(a);
	tok_range(c, a, &first, &n);
	if (n != 4 || strcmp(c->toks[first].s, "sizeof") ||
	    strcmp(c->toks[first + 1].s, "("))
		return NULL;
	clang_visitChildren(a, tparm_visit, &r);
	return clang_Cursor_isNull(r) ? NULL
				      : keep(c, clang_getCursorSpelling(r));
}

/* `sizeof(T)`, `sizeof(T) * x` or `x * sizeof(T)`, x a constant or a
 * parameter: T's name, x's value or parameter (*param) */
static const char *tparam_size(struct ctx *c, CXCursor a, int64_t *x,
			       int *param)
{
	struct kids k;
	const char *t;
	int side;

	*x = 1;
	*param = -1;
	if ((t = sizeof_tparam(c, a)))
		return t;
	a = unwrap(a);
	kids_of(a, &k);
	if (clang_getCursorKind(a) != CXCursor_BinaryOperator || k.n != 2 ||
	    strcmp(binop(c, k.c[0]), "*"))
		return NULL;
	for (side = 0; side < 2; side++)
		if ((t = sizeof_tparam(c, k.c[side])))
			break;
	if (!t)
		return NULL;
	if (eval_int(c, k.c[!side], x) == 0)
		return t;
	*x = 1;
	return (*param = param_of(c, k.c[!side])) >= 0 ? t : NULL;
}

/* one size or count argument: 0 with *v its value (fixed, or assumed:
 * *as set), 1 when it is the parameter *param of the function (*v then
 * the parameter's assumed value, or -1), or -1 when not known */
static int size_arg(struct ctx *c, CXCursor a, int64_t *v, int *param,
		    const char **field, int *as)
{
	*param = -1;
	*field = NULL;
	if (eval_int(c, a, v) == 0 || iv_array_size(c, a, v) == 0)
		return 0;
	if ((*param = param_of(c, a)) < 0)
		*param = field_param(c, a, field);
	if (*param < 0)
		return eval_as(c, a, v, as);
	if (eval_as(c, a, v, as) < 0)
		*v = -1;
	return 1;
}

/*
 * Bytes of one call of def, or -1 when neither the source nor the
 * assumptions fix them (*as set when an assumption did).  With *param
 * set (else -1), what the function's parameter it is multiplies (*mul):
 * a size or count passed in by its callers, whose value replaces the
 * parameter's assumed one.
 */
static int64_t call_size_t(struct ctx *c, CXCursor call,
			   const struct iol_ciodef *d, int *param, int64_t *mul,
			   const char **field, int *as);

/* call_size(), or a size of sizeof a template's type parameter (times
 * a constant or a parameter: *tparam set) with a constant count or
 * none */
static int64_t call_size(struct ctx *c, CXCursor call,
			 const struct iol_ciodef *d, int *param, int64_t *mul,
			 const char **field, const char **tparam, int *as)
{
	int nargs = clang_Cursor_getNumArguments(call);
	int64_t n = call_size_t(c, call, d, param, mul, field, as), x, k = 1;
	int p;

	*tparam = NULL;
	if (n >= 0 || *param >= 0 || d->fixed || d->literal_len ||
	    d->size_arg < 0 || d->size_arg >= nargs || d->count_arg >= nargs ||
	    d->type_arg >= 0 ||
	    !(*tparam = tparam_size(
		      c, clang_Cursor_getArgument(call, d->size_arg), &x, &p)))
		return n;
	if (d->count_arg >= 0 &&
	    eval_int(c, clang_Cursor_getArgument(call, d->count_arg), &k) < 0)
		k = -1;
	if (k < 0 || (k && x > INT64_MAX / k)) {
		*tparam = NULL;
		return n;
	}
	*param = p;
	*field = NULL;
	*mul = x * k;
	return -1;
}

static int64_t call_size_t(struct ctx *c, CXCursor call,
			   const struct iol_ciodef *d, int *param, int64_t *mul,
			   const char **field, int *as)
{
	int nargs = clang_Cursor_getNumArguments(call);
	int64_t size = 1, count = 1;
	int ps = -1, pc = -1, *asp = c->nassume ? as : NULL;
	const char *fs = NULL, *fc = NULL;

	*param = -1;
	*field = NULL;
	*mul = 0;
	if (d->op != IOL_COP_READ && d->op != IOL_COP_WRITE)
		return 0;
	if (d->fixed)
		return d->fixed;
	if (d->literal_len) {
		const char *s;
		CXCursor a;

		if (d->size_arg >= nargs)
			return -1;
		a = clang_Cursor_getArgument(call, d->size_arg);
		s = eval_str(c, a);
		/* a stream's << of a char: one byte */
		return s ? (int64_t)strlen(s) : is_char(a) ? 1 : -1;
	}
	if ((d->size_arg < 0 && d->count_arg < 0) || d->size_arg >= nargs ||
	    d->count_arg >= nargs || d->type_arg >= nargs)
		return -1;
	if (d->size_arg >= 0 &&
	    size_arg(c, clang_Cursor_getArgument(call, d->size_arg), &size, &ps,
		     &fs, asp) < 0)
		return -1;
	if (d->count_arg >= 0 &&
	    size_arg(c, clang_Cursor_getArgument(call, d->count_arg), &count,
		     &pc, &fc, asp) < 0)
		return -1;
	if (d->type_arg >= 0) {
		size = mpi_size(c, clang_Cursor_getArgument(call, d->type_arg));
		ps = -1;
		if (size < 0)
			return -1;
	}
	/* one parameter: the other factor multiplies its callers' value */
	if ((ps >= 0) != (pc >= 0)) {
		*param = ps >= 0 ? ps : pc;
		*field = ps >= 0 ? fs : fc;
		*mul = ps >= 0 ? count : size;
		if (*mul < 0) {
			*param = -1;
			*field = NULL;
			return -1;
		}
	}
	if (size < 0 || count < 0 || (count && size > INT64_MAX / count))
		return -1;
	return size * count;
}

/* the line block of blk for line: the last child when it is that line */
static struct iol_cblock *line_block(struct ctx *c, struct iol_cblock *blk,
				     unsigned line)
{
	if (blk->last && blk->last->kind == IOL_CB_LINE &&
	    blk->last->line == line)
		return blk->last;
	return new_block(c, IOL_CB_LINE, blk, line);
}

/* a call whose callee depends on a template's parameters (write(fd, &v,
 * sizeof(T)) in a template) has no name of its own: the overloaded name
 * under it (DeclRefExpr -> OverloadedDeclRef) */
static enum CXChildVisitResult overload_visit(CXCursor cur, CXCursor parent,
					      CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_OverloadedDeclRef) {
		*(CXCursor *)data = cur;
		return CXChildVisit_Break;
	}
	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr ||
	    clang_getCursorKind(cur) == CXCursor_UnexposedExpr)
		return CXChildVisit_Recurse;
	return CXChildVisit_Break; /* the callee comes first */
}

static CXCursor dependent_callee(CXCursor call)
{
	CXCursor o = clang_getNullCursor();

	clang_visitChildren(call, overload_visit, &o);
	return o;
}

static int64_t var_buf(const struct ctx *c, CXCursor var);
static CXCursor stream_var(CXCursor arg);

/* a user function's call: what each argument is, for the prediction to
 * follow constants into the function (a write helper called with 4096) */
/* argument i of cc (n of them) `p OP k` or `k OP p`, p a parameter of
 * the function nothing assigns and k a constant, OP + - * /: argp,
 * argop and argx say so (n / 2 passes half the caller's n) */
static void arg_affine(struct ctx *c, CXCursor a, struct iol_ccall *cc, int i,
		       int n)
{
	struct kids k;
	const char *op;
	int64_t x = 0;
	int p = -1, side;

	a = unwrap(a);
	kids_of(a, &k);
	if (clang_getCursorKind(a) != CXCursor_BinaryOperator || k.n != 2)
		return;
	op = binop(c, k.c[0]);
	if (!op || strlen(op) != 1 || !strchr("+-*/", op[0]))
		return;
	for (side = 0; side < 2; side++)
		if ((p = param_of(c, k.c[side])) >= 0 &&
		    eval_int(c, k.c[!side], &x) == 0)
			break;
	if (side == 2 || (side == 1 && op[0] == '/') ||
	    (op[0] == '/' && x == 0))
		return;
	if (!cc->argop) {
		cc->argop = zalloc(c, (size_t)n * sizeof(*cc->argop));
		cc->argx = zalloc(c, (size_t)n * sizeof(*cc->argx));
		if (!cc->argop || !cc->argx) {
			cc->argop = NULL;
			return;
		}
	}
	cc->argp[i] = p;
	cc->argop[i] = side == 1 && op[0] == '-' ? 'm' : op[0];
	cc->argx[i] = x;
}

/* sizeof each type argument of the template ref (a function template's
 * specialization, or a member of a class template's) specializes, by
 * the template parameter's name; into *l */
struct tpwalk {
	struct ctx *c;
	CXType spec; /* the class's type, or none (function) */
	CXCursor fn;
	int i;
	struct iol_cfield *l;
};

static enum CXChildVisitResult tp_visit(CXCursor cur, CXCursor parent,
					CXClientData data)
{
	struct tpwalk *w = data;
	enum CXCursorKind kd = clang_getCursorKind(cur);
	struct iol_cfield *e;
	CXType t;
	long long sz;

	(void)parent;
	if (kd != CXCursor_TemplateTypeParameter &&
	    kd != CXCursor_NonTypeTemplateParameter &&
	    kd != CXCursor_TemplateTemplateParameter)
		return CXChildVisit_Continue;
	if (kd == CXCursor_TemplateTypeParameter) {
		t = w->spec.kind != CXType_Invalid
			    ? clang_Type_getTemplateArgumentAsType(
				      w->spec, (unsigned)w->i)
			    : clang_Cursor_getTemplateArgumentType(
				      w->fn, (unsigned)w->i);
		sz = clang_Type_getSizeOf(t);
		if (sz > 0 && (e = zalloc(w->c, sizeof(*e))) &&
		    (e->path = keep(w->c, clang_getCursorSpelling(cur)))) {
			e->v = sz;
			e->next = w->l;
			w->l = e;
		}
	}
	w->i++;
	return CXChildVisit_Continue;
}

static struct iol_cfield *template_sizes(struct ctx *c, CXCursor ref)
{
	struct tpwalk w;
	CXCursor tpl, cls;

	memset(&w, 0, sizeof(w));
	w.c = c;
	w.fn = ref;
	w.spec.kind = CXType_Invalid;
	tpl = clang_getSpecializedCursorTemplate(ref);
	if (!clang_Cursor_isNull(tpl) &&
	    clang_getCursorKind(tpl) == CXCursor_FunctionTemplate &&
	    clang_Cursor_getNumTemplateArguments(ref) > 0)
		clang_visitChildren(tpl, tp_visit, &w);
	cls = clang_getCursorSemanticParent(ref);
	tpl = clang_getSpecializedCursorTemplate(cls);
	if (!clang_Cursor_isNull(tpl) &&
	    clang_getCursorKind(tpl) == CXCursor_ClassTemplate) {
		w.spec = clang_getCursorType(cls);
		w.i = 0;
		if (clang_Type_getNumTemplateArguments(w.spec) > 0)
			clang_visitChildren(tpl, tp_visit, &w);
	}
	return w.l;
}

/* whether parm, a parameter of a function of the files, is a pointer
 * its body reads members through only (reads_only) */
static int parm_reads_only(const struct ctx *c, CXCursor parm)
{
	CXCursor fn = clang_getCursorSemanticParent(parm);
	const struct fnrec *f;
	int i, n;

	if (clang_Cursor_isNull(fn) || !(f = find_fn(c, fn)))
		return 0;
	n = clang_Cursor_getNumArguments(fn);
	for (i = 0; i < n; i++)
		if (clang_equalCursors(
			    clang_Cursor_getArgument(fn, (unsigned)i), parm))
			break;
	return i < n && reads_only_of(c, f, i, 0);
}

/* argument i of cc (n of them) a struct whose fields the caller fixes:
 * argf says them */
static void struct_args(struct ctx *c, CXCursor a, struct iol_ccall *cc, int i,
			int n, CXCursor parm)
{
	struct iol_cfield *l = struct_fields(c, a);
	CXType t = clang_getCanonicalType(clang_getCursorType(parm));
	CXCursor var;
	unsigned off;

	/* &var to a pointer to const, or to a function that reads it only:
	 * var keeps its fields after the call */
	if (t.kind == CXType_Pointer &&
	    (clang_isConstQualifiedType(clang_getPointeeType(t)) ||
	     parm_reads_only(c, parm)) &&
	    struct_arg(c, a, &var, &off) == 0) {
		if (c->ncrefs == c->capcrefs) {
			size_t cap = c->capcrefs ? 2 * c->capcrefs : 16;
			unsigned *v = realloc(c->crefs, cap * sizeof(*v));

			if (v) {
				c->crefs = v;
				c->capcrefs = cap;
			}
		}
		if (c->ncrefs < c->capcrefs)
			c->crefs[c->ncrefs++] = off;
	}

	if (!l)
		return;
	if (!cc->argf && !(cc->argf = zalloc(c, (size_t)n * sizeof(*cc->argf))))
		return;
	cc->argf[i] = l;
}

/* argument i of cc (n of them) a field of the function's own struct
 * parameter (`s->bs`, s nothing changes): argfp and argfpath say which,
 * for the caller's caller's constant field to reach the callee */
static void field_arg(struct ctx *c, CXCursor a, struct iol_ccall *cc, int i,
		      int n)
{
	const char *field = NULL;
	int p = field_param(c, a, &field);

	if (p < 0 || p >= IOL_CARGS || !field)
		return;
	if (!cc->argfpath) {
		cc->argfp = zalloc(c, (size_t)n * sizeof(*cc->argfp));
		cc->argfpath = zalloc(c, (size_t)n * sizeof(*cc->argfpath));
		if (!cc->argfp || !cc->argfpath) {
			cc->argfpath = NULL;
			return;
		}
	}
	cc->argfp[i] = p;
	cc->argfpath[i] = field;
}

static void call_args(struct ctx *c, CXCursor call, int from,
		      struct iol_ccall *cc)
{
	int i, n = clang_Cursor_getNumArguments(call) - from;

	if (n <= 0)
		return;
	if (n > IOL_CARGS)
		n = IOL_CARGS;
	cc->argk = zalloc(c, (size_t)n * sizeof(*cc->argk));
	cc->argp = zalloc(c, (size_t)n * sizeof(*cc->argp));
	cc->argbuf = zalloc(c, (size_t)n * sizeof(*cc->argbuf));
	if (!cc->argk || !cc->argp || !cc->argbuf)
		return;
	for (i = 0; i < n; i++) {
		CXCursor a =
			clang_Cursor_getArgument(call, (unsigned)(i + from));
		int as = 0;

		if (eval_as(c, a, &cc->argk[i], c->nassume ? &as : NULL) < 0)
			cc->argk[i] = IOL_CUNKNOWN;
		if (as)
			cc->arg_assumed |= 1u << i;
		cc->argp[i] = param_of(c, a);
		if (cc->argp[i] < 0 && cc->argk[i] == IOL_CUNKNOWN)
			arg_affine(c, a, cc, i, n);
		if (cc->argp[i] < 0 && cc->argk[i] == IOL_CUNKNOWN)
			struct_args(c, a, cc, i, n,
				    clang_Cursor_getArgument(
					    clang_getCursorReferenced(call),
					    (unsigned)(i + from)));
		if (cc->argp[i] < 0 && cc->argk[i] == IOL_CUNKNOWN &&
		    !(cc->argf && cc->argf[i]))
			field_arg(c, a, cc, i, n);
		cc->argbuf[i] = var_buf(c, stream_var(a));
	}
	cc->nargs = n;
}

/* the function of the files an argument names: `worker`, `&worker`, a
 * cast of either; NULL when it is none */
static const struct fnrec *fn_arg(const struct ctx *c, CXCursor a)
{
	struct kids k;
	int guard;

	for (guard = 0; guard < 8; guard++) {
		enum CXCursorKind kd;

		a = unwrap(a);
		kd = clang_getCursorKind(a);
		if (kd == CXCursor_DeclRefExpr)
			return find_fn(c, clang_getCursorReferenced(a));
		if (kd != CXCursor_UnaryOperator &&
		    kd != CXCursor_CStyleCastExpr)
			return NULL;
		kids_of(a, &k);
		if (k.n < 1 || k.n > 8)
			return NULL;
		a = k.c[k.n - 1];
	}
	return NULL;
}

/* a type spelled std::thread or std::jthread */
static int thread_type(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
	const char *p = clang_getCString(s);
	int yes =
		p && (!strcmp(p, "std::thread") || !strcmp(p, "std::jthread"));

	clang_disposeString(s);
	return yes;
}

/*
 * A call that starts a thread running a function of the files:
 * pthread_create(&t, attr, worker, arg), or a std::thread (jthread)
 * constructed with worker and its arguments; or atexit(fn), whose fn
 * exit() runs.  The function, with *from the call's first argument that
 * is the routine's first (-1: none followed: pthread's void *; -2:
 * atexit's, none); NULL for any other call.
 */
static const struct fnrec *thread_start(const struct ctx *c, CXCursor call,
					const char *name, int *from)
{
	CXCursor ref = clang_getCursorReferenced(call);
	int n = clang_Cursor_getNumArguments(call);

	if (name && !strcmp(name, "pthread_create") && n == 4 &&
	    clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		*from = -1;
		return fn_arg(c, clang_Cursor_getArgument(call, 2));
	}
	if (name && !strcmp(name, "atexit") && n == 1 &&
	    clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		*from = -2; /* run by exit(), from a stack of its own */
		return fn_arg(c, clang_Cursor_getArgument(call, 0));
	}
	if (clang_getCursorKind(ref) == CXCursor_Constructor && n >= 1 &&
	    thread_type(clang_getCursorType(call))) {
		*from = 1;
		return fn_arg(c, clang_Cursor_getArgument(call, 0));
	}
	return NULL;
}

/* the variable a stream argument names, or a null cursor */
static CXCursor stream_var(CXCursor arg)
{
	CXCursor ref;

	arg = unwrap(arg);
	if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(arg);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return clang_getNullCursor();
	return ref;
}

/* the one token an argument is spelled with, or "" */
static const char *one_token(const struct ctx *c, CXCursor arg)
{
	unsigned first, n;

	tok_range(c, arg, &first, &n);
	return n == 1 ? c->toks[first].s : "";
}

/* an argument spelled NULL, 0 or nullptr */
static int is_null(const struct ctx *c, CXCursor arg)
{
	const char *t = one_token(c, arg);

	return !strcmp(t, "NULL") || !strcmp(t, "0") || !strcmp(t, "nullptr");
}

/* the buffer setvbuf(f, buf, mode, size) or setbuf(f, buf) gives f */
static int64_t setbuf_size(const struct ctx *c, CXCursor call, int v)
{
	const char *t;
	int64_t size;

	if (!v) /* a buffer of glibc's BUFSIZ, or none */
		return is_null(c, clang_Cursor_getArgument(call, 1)) ? 0 : 8192;
	t = one_token(c, clang_Cursor_getArgument(call, 2));
	if (!strcmp(t, "_IONBF"))
		return 0;
	/* glibc sizes a buffer it allocates itself as it would anyway */
	if (is_null(c, clang_Cursor_getArgument(call, 1)))
		return strcmp(t, "_IOFBF") ? -1 : IOL_CBUF_STDIO;
	if (strcmp(t, "_IOFBF") != 0 ||
	    eval_int(c, clang_Cursor_getArgument(call, 3), &size) < 0 ||
	    size <= 0)
		return -1; /* line buffered, or a size not fixed */
	return size;
}

/* a setvbuf of a global variable, for its calls in other functions */
static void note_gbuf(struct ctx *c, CXCursor var, int64_t size)
{
	if (c->ngbufs == c->capgbufs) {
		size_t cap = c->capgbufs ? c->capgbufs * 2 : 8;
		struct gbuf *g = realloc(c->gbufs, cap * sizeof(*g));

		if (!g) {
			c->rc = IOL_ENOMEM;
			return;
		}
		c->gbufs = g;
		c->capgbufs = cap;
	}
	c->gbufs[c->ngbufs].usr = keep(c, clang_getCursorUSR(var));
	c->gbufs[c->ngbufs++].size = size;
}

/* a setvbuf or setbuf call: noted for the stream's later calls; 1 when
 * it was one */
static int note_setbuf(struct ctx *c, CXCursor call, const char *name)
{
	int v = name && !strcmp(name, "setvbuf");
	CXCursor var;

	if (!v && (!name || strcmp(name, "setbuf") != 0))
		return 0;
	if (clang_Cursor_getNumArguments(call) < (v ? 4 : 2))
		return 1;
	var = stream_var(clang_Cursor_getArgument(call, 0));
	if (clang_Cursor_isNull(var))
		return 1;
	if (c->nbufs == c->capbufs) {
		size_t cap = c->capbufs ? c->capbufs * 2 : 8;
		struct bufset *b = realloc(c->bufs, cap * sizeof(*b));

		if (!b) {
			c->rc = IOL_ENOMEM;
			return 1;
		}
		c->bufs = b;
		c->capbufs = cap;
	}
	c->bufs[c->nbufs].var = var;
	c->bufs[c->nbufs].size = setbuf_size(c, call, v);
	c->nbufs++;
	if (clang_Cursor_hasVarDeclGlobalStorage(var) == 1)
		note_gbuf(c, var, c->bufs[c->nbufs - 1].size);
	return 1;
}

/* the setting of the last setvbuf or setbuf of var in the function,
 * IOL_CUNKNOWN none */
static int64_t var_buf(const struct ctx *c, CXCursor var)
{
	size_t i;

	for (i = c->nbufs; !clang_Cursor_isNull(var) && i > 0; i--)
		if (clang_equalCursors(c->bufs[i - 1].var, var))
			return c->bufs[i - 1].size;
	return IOL_CUNKNOWN;
}

/* a stdio call's stream with no setvbuf in its function: the parameter
 * or the global variable it is, for resolve_bufs() */
static void note_stream(struct ctx *c, CXCursor call,
			const struct iol_ciodef *d, struct iol_ccall *cc)
{
	CXCursor a, var;

	cc->stream_param = -1;
	if (d->stream_arg < 0 ||
	    d->stream_arg >= clang_Cursor_getNumArguments(call))
		return;
	a = clang_Cursor_getArgument(call, d->stream_arg);
	var = stream_var(a);
	if (!clang_Cursor_isNull(var) && var_buf(c, var) != IOL_CUNKNOWN)
		return;
	cc->stream_param = param_of(c, a);
	if (!clang_Cursor_isNull(var) &&
	    clang_getCursorKind(var) == CXCursor_VarDecl &&
	    clang_Cursor_hasVarDeclGlobalStorage(var) == 1)
		cc->stream_usr = keep(c, clang_getCursorUSR(var));
}

/* the buffer of the stream a stdio call of d uses: the last setvbuf or
 * setbuf of its variable in the function, else the default */
static int64_t stream_buf(const struct ctx *c, CXCursor call,
			  const struct iol_ciodef *d)
{
	CXCursor var;
	int64_t v;

	if (d->stream_arg < 0 ||
	    d->stream_arg >= clang_Cursor_getNumArguments(call))
		return IOL_CBUF_STDIO;
	var = stream_var(clang_Cursor_getArgument(call, d->stream_arg));
	v = var_buf(c, var);
	return v == IOL_CUNKNOWN ? IOL_CBUF_STDIO : v;
}

/* "std::ofstream::write", "std::ofstream <<" */
static const char *stream_name(struct ctx *c, const char *cls,
			       const char *member)
{
	char buf[128];
	char *q;

	snprintf(buf, sizeof(buf), "%s%s%s", cls,
		 member[0] == ' ' ? "" : "::", member);
	q = iol_arena_strdup(&c->t->arena, buf);
	if (!q)
		c->rc = IOL_ENOMEM;
	return q ? q : cls;
}

/* the C++ stream variable of the scopes around the walk that var is */
static struct svar *svar_of(struct ctx *c, CXCursor var)
{
	size_t i;

	for (i = c->nsvars; !clang_Cursor_isNull(var) && i > 0; i--)
		if (clang_equalCursors(c->svars[i - 1].var, var))
			return &c->svars[i - 1];
	return NULL;
}

/* a local C++ file stream by value: its destructor will close it */
static void note_svar(struct ctx *c, CXCursor var)
{
	const char *cls = iol_cstream_type(clang_getCursorType(var));
	struct svar *v;

	if (!cls || clang_Cursor_hasVarDeclGlobalStorage(var) == 1)
		return;
	if (c->nsvars == c->capsvars) {
		size_t cap = c->capsvars ? c->capsvars * 2 : 8;

		if (!(v = realloc(c->svars, cap * sizeof(*v)))) {
			c->rc = IOL_ENOMEM;
			return;
		}
		c->svars = v;
		c->capsvars = cap;
	}
	v = &c->svars[c->nsvars++];
	v->var = var;
	v->cls = cls;
	v->open = v->dirty = 0;
	v->wblk = NULL;
}

static void flush_once(struct iol_ccall *cc, const struct iol_cblock *wblk,
		       const struct iol_cblock *blk);

/* what a C++ file stream call (in the line block blk) does to its
 * variable's state: the open, written or flushed; a flush or close
 * sends what was written since (a flush of an empty buffer makes no
 * system call, as a C fflush's) */
static void stream_state(struct ctx *c, CXCursor call, struct iol_ccall *cc,
			 const struct iol_cblock *blk)
{
	struct svar *v;

	if (cc->op == IOL_COP_OPEN && !clang_Cursor_isNull(c->decl) &&
	    clang_getCursorKind(clang_getCursorReferenced(call)) ==
		    CXCursor_Constructor)
		v = svar_of(c, c->decl);
	else
		v = svar_of(c, stream_var(iol_cstream_object(call)));
	if (cc->op == IOL_COP_WRITE || cc->op == IOL_COP_READ)
		cc->cxx = 1;
	if (cc->op == IOL_COP_CLOSE)
		cc->flushes = v && v->dirty;
	if (cc->op == IOL_COP_SYNC) {
		cc->flushes = !v || v->dirty;
		if (v && v->dirty)
			flush_once(cc, v->wblk, blk);
	}
	if (!v)
		return;
	if (cc->op == IOL_COP_OPEN) {
		v->open = 1;
	} else if (cc->op == IOL_COP_WRITE) {
		/* a write of IOL_CCXX_CHUNK or more sends the buffer with
		 * it: nothing left for a flush or close */
		v->dirty = !(cc->size >= IOL_CCXX_CHUNK && cc->size_param < 0 &&
			     cc->bufsize == IOL_CBUF_CXX);
		v->wblk = blk;
	} else if (cc->op == IOL_COP_SYNC) {
		v->dirty = 0;
	} else if (cc->op == IOL_COP_CLOSE) {
		v->open = v->dirty = 0;
	}
}

/* what a function does with its C++ stream parameter parm: refs its
 * uses, big those that are a write() of a constant IOL_CCXX_CHUNK bytes
 * or more */
struct parm_use {
	CXCursor parm;
	int refs, big;
};

static enum CXChildVisitResult parm_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct parm_use *u = data;
	const struct iol_ciodef *d;
	const char *cls, *member;
	CXCursor obj;
	int64_t n;

	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(cur), u->parm))
		u->refs++;
	if (clang_getCursorKind(cur) == CXCursor_CallExpr &&
	    (d = iol_cstream_find(cur, &cls, &member)) != NULL &&
	    d->op == IOL_COP_WRITE && !strcmp(member, "write") &&
	    clang_Cursor_getNumArguments(cur) == 2 &&
	    (obj = iol_cstream_object(cur),
	     clang_getCursorKind(obj) == CXCursor_DeclRefExpr) &&
	    clang_equalCursors(clang_getCursorReferenced(obj), u->parm) &&
	    eval_direct(clang_Cursor_getArgument(cur, 1), &n) == 0 &&
	    n >= IOL_CCXX_CHUNK)
		u->big++;
	return CXChildVisit_Recurse;
}

/* the function call calls uses its C++ stream parameter i only to
 * write() IOL_CCXX_CHUNK bytes or more a call: libstdc++ sends each with
 * what the buffer held, and leaves it empty */
static int passed_clean(CXCursor call, unsigned i)
{
	CXCursor def =
		clang_getCursorDefinition(clang_getCursorReferenced(call));
	struct parm_use u = {clang_getNullCursor(), 0, 0};

	if (clang_Cursor_isNull(def) ||
	    i >= (unsigned)clang_Cursor_getNumArguments(def))
		return 0;
	u.parm = clang_Cursor_getArgument(def, i);
	clang_visitChildren(def, parm_visit, &u);
	return u.big > 0 && u.big == u.refs;
}

/* a stream variable passed to a function of the files: written there,
 * perhaps; not when the function only writes it in large writes */
static void stream_passed(struct ctx *c, CXCursor call)
{
	int i, n = clang_Cursor_getNumArguments(call);
	struct svar *v;

	for (i = 0; i < n; i++)
		if ((v = svar_of(c, stream_var(clang_Cursor_getArgument(
					    call, (unsigned)i)))) &&
		    v->open)
			v->dirty = !passed_clean(call, (unsigned)i);
}

static void exit_write(struct ctx *c, struct iol_ccall **list);

/*
 * The same at an exit() of the program's: it sends the stream's buffered
 * bytes, counted where the library calls put them there, so none of its
 * own, not unknown (issue 33 D8: all-constant writes left '?').  The
 * loader's at main's return keep theirs unknown: that row is compared
 * with the kernel's bytes.
 */
static void exit_write0(struct ctx *c, struct iol_ccall **list)
{
	exit_write(c, list);
	if (*list) {
		(*list)->size = 0;
		(*list)->exit_buffered = 1;
	}
}

/* a write(2) of exit()'s flush of a stream, put first in *list */
static void exit_write(struct ctx *c, struct iol_ccall **list)
{
	struct iol_ccall *cc = zalloc(c, sizeof(*cc));

	if (!cc)
		return;
	cc->name = "write (exit's flush of a stream)";
	cc->api = IOL_CAPI_POSIX;
	cc->op = IOL_COP_WRITE;
	cc->size = -1;
	cc->size_param = -1;
	cc->stream_param = -1;
	cc->next = *list;
	*list = cc;
}

static int main_owns(const struct ctx *c, const struct fvar *v);
static int parm_index(const struct ctx *c, CXCursor var);
static void exit_rest(struct ctx *c, struct fvar *v,
		      const struct iol_cblock *blk);

/*
 * exit()'s write(2) of each stream of the function's written since its
 * last flush (exit_call()); a parameter's is marked with the parameters
 * before it, so that a call giving it as the same stream as one of
 * those (f(out, out)) counts one (the first flush empties the buffer).
 */
static void exit_params(struct ctx *c, struct iol_ccall **list,
			const struct iol_cblock *blk)
{
	unsigned seen = 0;
	size_t k;
	int q;
	/* the first exit() not under a branch ends the function: one after
	 * it is never reached, and its rest (a run of all the writes since
	 * the flush before, again) would cost each exit() the writes' count
	 * (6,000 writes and 6,000 exit(): 660 MB) */
	int first = c->cond == 0 &&
		    !(strcmp(c->fnblk->function, "main") ? c->fn->exit_lb
							 : c->exit_lb);

	for (k = 0; k < c->nfvars; k++) {
		if (!main_owns(c, &c->fvars[k]))
			continue;
		if (first)
			exit_rest(c, &c->fvars[k], blk);
		exit_write0(c, list);
		if (!*list || (q = parm_index(c, c->fvars[k].var)) < 0)
			continue;
		(*list)->exitw = 1;
		(*list)->stream_param = q;
		(*list)->clean_params = seen;
		seen |= 1u << q;
	}
}

/* the function's own streams (and parameters) written since their last
 * flush and not closed */
static unsigned main_dirty(const struct ctx *c);
static void main_calls(struct ctx *c, CXCursor call, const struct fnrec *f);
static void fstream_escapes(struct ctx *c, CXCursor expr);
static void fstream_stored(struct ctx *c, CXCursor g, CXCursor expr);
static enum CXChildVisitResult body_visit(CXCursor cur, CXCursor parent,
					  CXClientData data);

/*
 * exit() called in a function: it flushes the function's streams
 * written since their last flush there (its own and the parameters it
 * wrote), a write(2) each at its line (a trace has them under the
 * caller of exit); called unconditionally in main, or in a function
 * main calls unconditionally, the global streams' and those functions
 * left open too (exit_flushes(); main's own, exit_via()), and main does
 * not return.  1 when it was.
 */
static int exit_call(struct ctx *c, CXCursor call, struct iol_cblock *blk,
		     const char *name)
{
	struct iol_cblock *lb;
	unsigned line;

	/* the C library's exit, not a method of that name */
	if (!name || strcmp(name, "exit") != 0 || !c->fnblk || !c->fn ||
	    clang_getCursorKind(clang_getCursorReferenced(call)) !=
		    CXCursor_FunctionDecl)
		return 0;
	where(call, &line, NULL, NULL);
	if (!(lb = line_block(c, blk, line)))
		return 1;
	exit_params(c, &lb->calls, lb);
	if (c->cond == 0 && !strcmp(c->fnblk->function, "main"))
		c->exit_lb = lb;
	else if (c->cond == 0 && !c->fn->exit_lb)
		c->fn->exit_lb = lb;
	return 1;
}

/* the FILE * variable var's state, added (clean) when add and new */
static struct fvar *fvar_of(struct ctx *c, CXCursor var, int add)
{
	struct fvar *v;
	size_t i;

	if (clang_Cursor_isNull(var))
		return NULL;
	for (i = 0; i < c->nfvars; i++)
		if (clang_equalCursors(c->fvars[i].var, var))
			return &c->fvars[i];
	if (!add)
		return NULL;
	if (c->nfvars == c->capfvars) {
		size_t cap = c->capfvars ? c->capfvars * 2 : 8;

		if (!(v = realloc(c->fvars, cap * sizeof(*v)))) {
			c->rc = IOL_ENOMEM;
			return NULL;
		}
		c->fvars = v;
		c->capfvars = cap;
	}
	v = &c->fvars[c->nfvars++];
	v->var = var;
	v->dirty = 0;
	v->fresh = 0;
	v->oblk = NULL;
	v->run_from = c->nwr;
	/* a stream first seen here (a parameter, a global) is taken as
	 * empty, as the shares of its writes are */
	v->run_ok = 1;
	v->escaped = 0;
	v->wblk = NULL;
	v->gusr = NULL;
	v->usr = NULL;
	v->wseq = v->fseq = 0;
	return v;
}

static struct gstream *gstream_usr(struct ctx *c, const char *usr);

/* a global FILE * variable's record, made when new */
static struct gstream *gstream_of(struct ctx *c, CXCursor var)
{
	CXString u = clang_getCursorUSR(var);
	struct gstream *g = gstream_usr(c, clang_getCString(u));

	clang_disposeString(u);
	return g;
}

/* the record of the global variable of USR usr, made when new */
static struct gstream *gstream_usr(struct ctx *c, const char *usr)
{
	struct gstream *g = NULL;
	size_t i;

	for (i = 0; usr && i < c->ngs && !g; i++)
		if (!strcmp(c->gs[i].usr, usr))
			g = &c->gs[i];
	if (!g && usr && c->ngs == c->capgs) {
		size_t cap = c->capgs ? c->capgs * 2 : 8;
		struct gstream *v = realloc(c->gs, cap * sizeof(*v));

		if (v) {
			c->gs = v;
			c->capgs = cap;
		} else {
			c->rc = IOL_ENOMEM;
		}
	}
	if (!g && usr && c->ngs < c->capgs) {
		g = &c->gs[c->ngs];
		memset(g, 0, sizeof(*g));
		g->usr = iol_arena_strdup(&c->t->arena, usr);
		if (g->usr) {
			c->ngs++;
		} else {
			c->rc = IOL_ENOMEM;
			g = NULL;
		}
	}
	return g;
}

/* a global stream's write or close, for exit()'s flush */
static void gstream_note(struct ctx *c, CXCursor var, enum iol_cop op)
{
	struct gstream *g;

	if (clang_Cursor_isNull(var) ||
	    clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(var) != 1 ||
	    (op != IOL_COP_WRITE && op != IOL_COP_CLOSE) ||
	    !(g = gstream_of(c, var)))
		return;
	if (op == IOL_COP_WRITE)
		g->written = 1;
	else
		g->closed = 1;
}

/* a write of v's, for its run up to its next flush */
static void run_add(struct ctx *c, struct fvar *v, struct iol_ccall *cc,
		    const struct iol_cblock *blk)
{
	if (!v->run_ok)
		return;
	if (c->nwr == c->capwr) {
		size_t cap = c->capwr ? c->capwr * 2 : 16;
		struct fwrite_at *w = realloc(c->wr, cap * sizeof(*w));

		if (!w) {
			c->rc = IOL_ENOMEM;
			v->run_ok = 0;
			return;
		}
		c->wr = w;
		c->capwr = cap;
	}
	c->wr[c->nwr].var = (size_t)(v - c->fvars);
	c->wr[c->nwr].cc = cc;
	c->wr[c->nwr].blk = blk;
	c->wr[c->nwr].arg = -1;
	c->nwr++;
}

/* how often b runs for each run of anc, an ancestor of b (or b): the
 * product of the loops' trip counts between them; -1 not known */
static int64_t runs_under(const struct iol_cblock *b,
			  const struct iol_cblock *anc)
{
	int64_t n = 1;

	for (; b && b != anc; b = b->parent) {
		int64_t t;

		/* an arm on its loop's counter: the loop's iterations
		 * that run it (the loop then counted) */
		if (b->kind == IOL_CB_BRANCH && b->iv_runs >= 0 && b->parent &&
		    b->parent != anc) {
			t = b->iv_runs;
			b = b->parent;
		} else if (b->kind == IOL_CB_LOOP) {
			t = b->trip;
		} else {
			continue;
		}
		if (t < 0 || (t && n > INT64_MAX / t))
			return -1;
		n *= t;
	}
	return b ? n : -1;
}

/* n runs of a write for one run of a flush, anc the innermost block
 * around both: arm_period times that when the flush is in an arm on
 * anc's counter taken every arm_period iterations (a write of 100 B
 * each iteration and `if (i % 50 == 49) fflush(f)`: 5000 B a flush,
 * a full buffer sent between; they were counted as 100 B, none) */
static int64_t arm_runs(const struct ctx *c, int64_t n,
			const struct iol_cblock *anc)
{
	if (n < 0 || !anc || anc != c->arm_loop || c->arm_period <= 1 ||
	    n > INT64_MAX / c->arm_period)
		return n;
	return n * c->arm_period;
}

/* the innermost block around both a and b */
static const struct iol_cblock *common_block(const struct iol_cblock *a,
					     const struct iol_cblock *b)
{
	const struct iol_cblock *x, *y;

	for (x = a; x; x = x->parent)
		for (y = b; y; y = y->parent)
			if (x == y)
				return x;
	return NULL;
}

/*
 * The block a flush cc's run (in c->wr, from v->run_from) leaves its rest
 * at: the one below the innermost block around the run and the flush
 * that holds all the run's writes, whose runs each end at the flush;
 * the flush sends the rest as it did before, and the writes' blocks do
 * not count a buffer they fill exactly as a write(2) of theirs.
 */
static void rest_block(struct ctx *c, const struct fvar *v,
		       struct iol_ccall *cc, const struct iol_cblock *blk)
{
	const struct iol_cblock *wc = NULL, *anc;
	size_t i, vi = (size_t)(v - c->fvars);
	int64_t n;

	for (i = v->run_from; i < c->nwr; i++)
		if (c->wr[i].var == vi)
			wc = wc ? common_block(wc, c->wr[i].blk) : c->wr[i].blk;
	if (!wc || !(anc = common_block(wc, blk)) || wc == anc ||
	    (n = arm_runs(c, runs_under(wc->parent, anc), anc)) <= 0)
		return;
	cc->rest_at = (struct iol_cblock *)wc;
	cc->rest_n = n;
	cc->rest_next = cc->rest_at->rests;
	cc->rest_at->rests = cc;
}

/*
 * The flush cc (in blk) of v: the writes of its run since its open or
 * last flush, each with how often it runs for one run of the flush, so
 * that the prediction sends what they leave in the buffer at the flush
 * (cc->run NULL: not known).
 */
static void run_close(struct ctx *c, struct fvar *v, struct iol_ccall *cc,
		      const struct iol_cblock *blk)
{
	size_t i, k = 0, n = 0, vi = (size_t)(v - c->fvars);

	for (i = v->run_from; v->run_ok && i < c->nwr; i++)
		n += c->wr[i].var == vi;
	if (v->run_ok && n && n <= INT32_MAX &&
	    (cc->run = zalloc(c, n * sizeof(*cc->run))) != NULL &&
	    (cc->runmul = zalloc(c, n * sizeof(*cc->runmul))) != NULL &&
	    (cc->runarg = zalloc(c, n * sizeof(*cc->runarg))) != NULL) {
		for (i = v->run_from; i < c->nwr; i++) {
			if (c->wr[i].var != vi)
				continue;
			cc->runarg[k] = c->wr[i].arg;
			cc->run[k] = c->wr[i].cc;
			cc->runmul[k] = arm_runs(
				c,
				runs_under(c->wr[i].blk,
					   common_block(c->wr[i].blk, blk)),
				common_block(c->wr[i].blk, blk));
			if (cc->runmul[k++] < 0)
				break;
		}
		cc->nrun = (int)k;
		if (k < n || cc->runmul[k - 1] < 0)
			cc->run = NULL;
	} else {
		cc->run = NULL;
	}
	if (cc->run)
		rest_block(c, v, cc, blk);
	v->run_from = c->nwr;
}

/*
 * exit()'s flush of v, after the function's end or at its exit() in blk:
 * a flush of no line of the source, made only to take what v's run
 * leaves in the buffer off the block of its writes (rest_block()), as
 * a flush does; v's run is left as it was.
 */
static void exit_rest(struct ctx *c, struct fvar *v,
		      const struct iol_cblock *blk)
{
	struct iol_ccall *cc;
	size_t from = v->run_from;
	int64_t b = var_buf(c, v->var);

	if (!v->run_ok || !(cc = zalloc(c, sizeof(*cc))))
		return;
	cc->name = "exit's flush";
	cc->api = IOL_CAPI_STDIO;
	cc->op = IOL_COP_CLOSE;
	cc->cfile = cc->flushes = 1;
	cc->size = -1;
	cc->size_param = cc->stream_param = -1;
	cc->bufsize = b == IOL_CUNKNOWN ? IOL_CBUF_STDIO : b;
	run_close(c, v, cc, blk);
	v->run_from = from;
}

/* the outermost loop from b up to anc, anc left out; NULL none (or anc
 * is no ancestor of b) */
static struct iol_cblock *outer_loop(const struct iol_cblock *b,
				     const struct iol_cblock *anc)
{
	const struct iol_cblock *l = NULL;

	for (; b && b != anc; b = b->parent)
		if (b->kind == IOL_CB_LOOP)
			l = b;
	return b ? (struct iol_cblock *)l : NULL;
}

/*
 * A flush cc (in blk) of a stream in loops that do not hold its last
 * write (in wblk): the first of their once_m runs sends the buffer, the
 * others find it empty (a fflush of an empty buffer, or a C++ stream's
 * flush(), makes no system call).
 */
static void flush_once(struct iol_ccall *cc, const struct iol_cblock *wblk,
		       const struct iol_cblock *blk)
{
	const struct iol_cblock *anc, *l;
	int64_t m;

	if (!wblk || !(anc = common_block(wblk, blk)) ||
	    !(l = outer_loop(blk, anc)) ||
	    (m = runs_under(blk, l->parent)) <= 1)
		return;
	cc->once_m = m;
}

/* the index of the function's parameter var is, -1 none */
static int parm_index(const struct ctx *c, CXCursor var)
{
	int i, n = clang_Cursor_getNumArguments(c->fncur);

	if (clang_getCursorKind(var) != CXCursor_ParmDecl)
		return -1;
	for (i = 0; i < n && i < IOL_CARGS; i++)
		if (clang_equalCursors(
			    clang_Cursor_getArgument(c->fncur, (unsigned)i),
			    var))
			return i;
	return -1;
}

/* the parameters flushed in the function and not written since, other
 * than var: the same stream as var when a call gives it twice */
static unsigned clean_params(const struct ctx *c, CXCursor var)
{
	unsigned m = 0;
	size_t k;
	int q;

	for (k = 0; k < c->nfvars; k++)
		if (!c->fvars[k].dirty &&
		    !clang_equalCursors(c->fvars[k].var, var) &&
		    (q = parm_index(c, c->fvars[k].var)) >= 0)
			m |= 1u << q;
	return m;
}

/* the parameters other than v's flushed after v's last write and not
 * written since: when a call gives one of them and v as the same stream,
 * that flush sent v's writes and the buffer is empty at v's */
static unsigned flushed_after(const struct ctx *c, const struct fvar *v)
{
	unsigned m = 0;
	size_t k;
	int q;

	for (k = 0; k < c->nfvars; k++)
		if (&c->fvars[k] != v && !c->fvars[k].dirty &&
		    c->fvars[k].fseq > v->wseq &&
		    (q = parm_index(c, c->fvars[k].var)) >= 0)
			m |= 1u << q;
	return m;
}

static int has_token(CXCursor e, const char *name);

/* an ofstream's open of mode m: it truncates ("w") unless m appends
 * or reads without trunc; std::ios::binary alone, and the default mode,
 * were taken for a file that is there (p24: an open of 2 us costed, its
 * create measured 30 us, the first of its blocks) */
static int ofstream_creates(CXCursor m)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(m);
	CXToken *tk = NULL;
	unsigned nt = 0;

	/* the default argument (out), spelled nowhere: the one-argument
	 * constructor, which was taken for an open too */
	clang_tokenize(tu, clang_getCursorExtent(m), &tk, &nt);
	if (tk)
		clang_disposeTokens(tu, tk, nt);
	if (!nt || has_token(m, "trunc"))
		return 1;
	return (has_token(m, "out") || has_token(m, "binary") ||
		has_token(m, "ate")) &&
	       !has_token(m, "app") && !has_token(m, "in");
}

/*
 * An open that makes its file, as its arguments say: open or openat
 * with O_CREAT and O_TRUNC or O_EXCL, creat, fopen's "w" or "x", an
 * ofstream opened with its default mode or another that truncates.
 * O_CREAT alone (appending) mostly opens a file that is there: an open.
 */
static int open_creates(struct ctx *c, CXCursor call,
			const struct iol_ciodef *d, const char *cls)
{
	int n = clang_Cursor_getNumArguments(call);
	int64_t fl;
	const char *m;

	if (cls)
		return !strcmp(cls, "std::ofstream") &&
		       (n == 1 ||
			(n == 2 &&
			 ofstream_creates(clang_Cursor_getArgument(call, 1))));
	/* H5Fcreate and ncmpi_create make their file (truncated, or
	 * failing when it is there) */
	if (!strncmp(d->name, "creat", 5) || !strcmp(d->name, "H5Fcreate") ||
	    !strcmp(d->name, "ncmpi_create"))
		return 1;
	if (d->path_arg < 0 || d->path_arg + 1 >= n)
		return 0;
	if (d->api == IOL_CAPI_STDIO) {
		m = eval_str(c, clang_Cursor_getArgument(
					call, (unsigned)d->path_arg + 1));
		return m && (m[0] == 'w' || strchr(m, 'x'));
	}
	/* MPI-IO has no truncating mode: MPI_MODE_CREATE (1 in Open MPI
	 * and MPICH) is how output files are made, unless appending (128) */
	if (!strcmp(d->name, "MPI_File_open"))
		return eval_direct(clang_Cursor_getArgument(
					   call, (unsigned)d->path_arg + 1),
				   &fl) == 0 &&
		       (fl & 1) && !(fl & 128);
	if (d->api != IOL_CAPI_POSIX ||
	    eval_direct(
		    clang_Cursor_getArgument(call, (unsigned)d->path_arg + 1),
		    &fl) < 0)
		return 0;
	return (fl & O_CREAT) && (fl & (O_TRUNC | O_EXCL));
}

/* the innermost loop around blk in its function, NULL none */
static const struct iol_cblock *loop_of(const struct iol_cblock *blk)
{
	for (; blk && blk->kind != IOL_CB_FUNCTION; blk = blk->parent)
		if (blk->kind == IOL_CB_LOOP)
			return blk;
	return NULL;
}

/* fdopen, no call on a file (code/iocalls.c), starts a stream as fopen
 * does: its first read or write makes the buffer (first_use()) */
static void note_fdopen(struct ctx *c, const char *name,
			const struct iol_cblock *blk)
{
	struct fvar *v;

	if (!name || strcmp(name, "fdopen") != 0 ||
	    clang_Cursor_isNull(c->decl) || !(v = fvar_of(c, c->decl, 1)))
		return;
	v->fresh = 1;
	v->oblk = blk;
}

/*
 * A read or write cc (in blk) of a FILE * variable var: its first since
 * the fopen, with no setvbuf or setbuf in between, is where glibc makes
 * the buffer, sized by an fstat(2) of the file (_IO_file_doallocate),
 * once for all the runs of the loops between the fopen and cc
 * (bstat_m); not predicted under a loop of unknown count there.
 */
static void first_use(struct ctx *c, CXCursor var, struct iol_ccall *cc,
		      const struct iol_cblock *blk)
{
	struct fvar *v = fvar_of(c, var, 0);
	const struct iol_cblock *anc;
	int64_t m;
	int q;

	/* a parameter's first use: the first where its caller gives a
	 * stream it opened and has not used (iol_ccall.argfresh) */
	if (!v && (q = parm_index(c, var)) >= 0 && q < IOL_CARGS &&
	    !(c->pused & (1u << q)) && var_buf(c, var) == IOL_CUNKNOWN) {
		c->pused |= 1u << q;
		if ((m = runs_under(blk, c->fnblk)) >= 1 &&
		    m <= IOL_CSYS_UNIT) {
			cc->bstat_if = 1u << q;
			cc->bstat_m = m;
		}
		return;
	}
	if (!v || !v->fresh || !v->oblk || var_buf(c, var) != IOL_CUNKNOWN)
		return;
	v->fresh = 0;
	if (!(anc = common_block(v->oblk, blk)) ||
	    (m = runs_under(blk, anc)) < 1 || m > IOL_CSYS_UNIT)
		return;
	cc->bstat_m = m;
}

/*
 * What a C stdio call does to its stream's buffer: an fopen starts it
 * empty, a write fills it, and an fflush or fclose sends what is left as
 * one write(2) (flushes) when it was written since; a stream the walk
 * has not seen opened or flushed (a parameter, a global, an expression)
 * is taken as written elsewhere.
 */
static void fstream_state(struct ctx *c, CXCursor call,
			  const struct iol_ciodef *d, struct iol_ccall *cc,
			  const struct iol_cblock *blk)
{
	CXCursor var = clang_getNullCursor();
	struct fvar *v;
	struct gstream *g;
	int q;

	if (cc->op == IOL_COP_OPEN) {
		if (!clang_Cursor_isNull(c->decl) &&
		    (v = fvar_of(c, c->decl, 1))) {
			v->dirty = 0;
			v->run_from = c->nwr;
			v->run_ok = 1;
			v->escaped = 0;
			v->wblk = NULL;
			v->gusr = NULL;
			v->fresh = 1;
			v->oblk = blk;
		}
		return;
	}
	if (d->stream_arg >= 0 &&
	    d->stream_arg < clang_Cursor_getNumArguments(call))
		var = stream_var(clang_Cursor_getArgument(call, d->stream_arg));
	gstream_note(c, var, cc->op);
	if (cc->op == IOL_COP_WRITE || cc->op == IOL_COP_READ)
		first_use(c, var, cc, blk);
	if (cc->op == IOL_COP_WRITE) {
		/* a write as large as the buffer first sends what the
		 * buffer holds, when it holds something */
		v = fvar_of(c, var, 0);
		cc->flushes = !v || v->dirty;
		if (!v && !loop_of(blk) && cc->bufsize > 0 &&
		    cc->size >= cc->bufsize && (q = parm_index(c, var)) >= 0 &&
		    q < IOL_CARGS)
			cc->fresh_if = 1u << q;
		if ((v = v ? v : fvar_of(c, var, 1))) {
			v->dirty = 1;
			v->fresh = 0;
			v->wblk = blk;
			v->wseq = ++c->seq;
			run_add(c, v, cc, blk);
			if (v->gusr && (g = gstream_usr(c, v->gusr)))
				g->written = 1;
		}
		return;
	}
	if (cc->op != IOL_COP_SYNC && cc->op != IOL_COP_CLOSE)
		return;
	v = fvar_of(c, var, 0);
	cc->flushes = !v || v->dirty;
	if (!v && parm_index(c, var) >= 0)
		cc->clean_params = clean_params(c, var);
	else if (v && v->dirty && parm_index(c, var) >= 0)
		cc->clean_params = flushed_after(c, v);
	if (v && cc->flushes) {
		flush_once(cc, v->wblk, blk);
		run_close(c, v, cc, blk);
	}
	if (v && v->gusr && cc->op == IOL_COP_CLOSE &&
	    (g = gstream_usr(c, v->gusr)))
		g->closed = 1;
	if ((v = v ? v : fvar_of(c, var, 1))) {
		v->dirty = 0;
		v->fresh = 0;
		v->fseq = ++c->seq;
		/* after a flush the buffer is empty: a new run */
		v->run_from = c->nwr;
		v->run_ok = 1;
	}
}

/* a FILE * variable written, perhaps, by a call in blk */
static void fvar_touched(struct ctx *c, struct fvar *v,
			 const struct iol_cblock *blk)
{
	struct gstream *g;

	v->dirty = 1;
	v->fresh = 0;
	v->run_from = c->nwr;
	v->wblk = blk;
	if (v->gusr && (g = gstream_usr(c, v->gusr)))
		g->written = 1;
}

/* the parameter of f cur is, -1 none */
static int fn_param(const struct fnrec *f, CXCursor var)
{
	int j, n = clang_Cursor_getNumArguments(f->cur);

	for (j = 0; j < n && j < IOL_CARGS; j++)
		if (clang_equalCursors(
			    clang_Cursor_getArgument(f->cur, (unsigned)j), var))
			return j;
	return -1;
}

struct pscan {
	const struct fnrec *f;
	unsigned named;
};

/* the parameters a statement names */
static enum CXChildVisitResult named_visit(CXCursor cur, CXCursor parent,
					   CXClientData data)
{
	struct pscan *p = data;
	int j;

	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
	    (j = fn_param(p->f, clang_getCursorReferenced(cur))) >= 0)
		p->named |= 1u << j;
	return CXChildVisit_Recurse;
}

/* what closes_visit() reads a function's body with */
struct cscan {
	const struct ctx *c; /* for constant conditions (and assumptions) */
	struct fnrec *f;
	/* the parameters the statements read name (bit i: parameter i):
	 * an `if` learns its arms' from their scans, not by reading them
	 * again (an else-if chain of D arms read D x D / 2 statements) */
	unsigned named;
	/* the values a call gives f's parameters (nargk of them,
	 * IOL_CUNKNOWN: not fixed), NULL: none */
	const int64_t *argk;
	int nargk;
};

struct wparm {
	CXCursor parm;
	int written;
};

/* a parameter assigned, stepped or given by address: named directly
 * under the operator (a value read is under an implicit cast) */
static enum CXChildVisitResult wparm_visit(CXCursor cur, CXCursor parent,
					   CXClientData data)
{
	struct wparm *w = data;
	enum CXCursorKind pk = clang_getCursorKind(parent);

	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
	    (pk == CXCursor_BinaryOperator || pk == CXCursor_UnaryOperator ||
	     pk == CXCursor_CompoundAssignOperator) &&
	    clang_equalCursors(clang_getCursorReferenced(cur), w->parm)) {
		w->written = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* whether f's body writes its parameter j (found once a parameter) */
static int parm_written(struct fnrec *f, int j)
{
	struct wparm w;

	if (j >= IOL_CARGS)
		return 1;
	if (!(f->wparm_known & (1u << j))) {
		w.parm = clang_Cursor_getArgument(f->cur, (unsigned)j);
		w.written = 0;
		clang_visitChildren(f->cur, wparm_visit, &w);
		f->wparm_known |= 1u << j;
		if (w.written)
			f->wparm |= 1u << j;
	}
	return (f->wparm >> j) & 1;
}

/* the operator of the binary or unary expression e whose first operand
 * is lhs (unary: the first token), into op; 0, or -1 */
static int expr_op(CXCursor e, CXCursor lhs, int unary, char *op, size_t n)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXToken *tk = NULL;
	unsigned nt = 0, i, off, end;
	int rc = -1;

	clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(lhs)),
				  NULL, NULL, NULL, &end);
	clang_tokenize(tu, clang_getCursorExtent(e), &tk, &nt);
	for (i = 0; i < nt && rc < 0; i++) {
		CXString sp;

		clang_getSpellingLocation(clang_getTokenLocation(tu, tk[i]),
					  NULL, NULL, NULL, &off);
		if (!unary && off < end)
			continue;
		sp = clang_getTokenSpelling(tu, tk[i]);
		snprintf(op, n, "%s", clang_getCString(sp));
		clang_disposeString(sp);
		rc = 0;
	}
	if (tk)
		clang_disposeTokens(tu, tk, nt);
	return rc;
}

/*
 * The parameter of f an `if` condition tests, `p`, `!p`, `p OP k` or
 * `k OP p` (k a constant, OP == != < <= > >=), when f's body never
 * writes p: its index, with the condition's value under the call's
 * values s->argk in *t (1 true, 0 false, -1 p not fixed there); or -1.
 */
static int fn_cond(const struct cscan *s, CXCursor cond, int *t)
{
	struct kids k;
	CXCursor e = unwrap(cond), pv = clang_getNullCursor();
	const char *op = "!=";
	char ob[8];
	int64_t kv = 0, v;
	int j;

	kids_of(e, &k);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator && k.n == 1) {
		if (expr_op(e, e, 1, ob, sizeof(ob)) < 0 || strcmp(ob, "!"))
			return -1;
		op = "==";
		pv = unwrap(k.c[0]);
	} else if (clang_getCursorKind(e) == CXCursor_BinaryOperator &&
		   k.n == 2) {
		if (expr_op(e, k.c[0], 0, ob, sizeof(ob)) < 0 ||
		    !(op = static_cmp(ob)))
			return -1;
		if (eval_direct(k.c[1], &kv) == 0) {
			pv = unwrap(k.c[0]);
		} else if (eval_direct(k.c[0], &kv) == 0) {
			pv = unwrap(k.c[1]);
			op = static_cmp(swap_op(op));
		}
	} else {
		pv = e;
	}
	if (clang_Cursor_isNull(pv) ||
	    clang_getCursorKind(pv) != CXCursor_DeclRefExpr ||
	    (j = fn_param(s->f, clang_getCursorReferenced(pv))) < 0 ||
	    parm_written(s->f, j))
		return -1;
	*t = -1;
	if (s->argk && j < s->nargk && (v = s->argk[j]) != IOL_CUNKNOWN)
		*t = cmp_holds(op, v, kv);
	return j;
}

static enum CXChildVisitResult closes_visit(CXCursor cur, CXCursor parent,
					    CXClientData data);

/* the parameters an arm of an `if` closes and leaves flushed, read as
 * a body of its own */
static void arm_closes(const struct cscan *s, CXCursor arm, unsigned *closes,
		       unsigned *cleans, unsigned *named)
{
	struct fnrec f = *s->f;
	struct cscan sub = {s->c, &f, 0, s->argk, s->nargk};

	f.closes = f.cleans = 0;
	if (clang_getCursorKind(arm) == CXCursor_CompoundStmt)
		clang_visitChildren(arm, closes_visit, &sub);
	else
		closes_visit(arm, clang_getNullCursor(), &sub);
	*closes = f.closes;
	*cleans = f.cleans;
	*named = sub.named;
	s->f->closes_dep |= f.closes_dep;
	s->f->wparm = f.wparm;
	s->f->wparm_known = f.wparm_known;
}

/* the parameters cur and what is under it name */
static unsigned named_in(const struct fnrec *f, CXCursor cur)
{
	struct pscan ps = {f, 0};

	named_visit(cur, clang_getNullCursor(), &ps);
	clang_visitChildren(cur, named_visit, &ps);
	return ps.named;
}

/*
 * `if (cond) a [else b]`: a parameter both arms close (or flush last) is
 * closed (flushed) after it; when cond is a constant (or assumed), the
 * arm it takes alone.  0, or -1 when the statement is no such `if`.
 */
static int if_closes(struct cscan *s, CXCursor cur)
{
	struct kids k;
	unsigned cl[2] = {0, 0}, cn[2] = {0, 0}, nm[2] = {0, 0}, named;
	int64_t v;
	int as = 0, taken = -1, t;

	if (clang_getCursorKind(cur) != CXCursor_IfStmt)
		return -1;
	kids_of(cur, &k);
	if (k.n != 2 && k.n != 3)
		return -1;
	if (eval_as(s->c, k.c[0], &v, &as) == 0)
		taken = v != 0 ? 1 : 2;
	else if (fn_cond(s, k.c[0], &t) >= 0) {
		/* a call that fixes the parameter takes one arm */
		s->f->closes_dep = 1;
		if (t >= 0)
			taken = t ? 1 : 2;
	}
	arm_closes(s, k.c[1], &cl[0], &cn[0], &nm[0]);
	if (k.n == 3)
		arm_closes(s, k.c[2], &cl[1], &cn[1], &nm[1]);
	named = named_in(s->f, k.c[0]) | nm[0] | nm[1];
	s->f->cleans &= ~named;
	s->named |= named;
	if (taken == 1 || (taken == 2 && k.n == 3)) {
		s->f->closes |= cl[taken - 1];
		s->f->cleans |= cn[taken - 1];
	} else if (taken < 0 && k.n == 3) {
		s->f->closes |= cl[0] & cl[1];
		s->f->cleans |= cn[0] & cn[1];
	}
	return 0;
}

/* a statement of a function's body, in order: fclose(p) or fflush(p)
 * of a parameter p leaves it flushed (fclose closed); an `if` whose arms
 * both do (if_closes()); any other that names it, perhaps written again */
static enum CXChildVisitResult closes_visit(CXCursor cur, CXCursor parent,
					    CXClientData data)
{
	struct cscan *sc = data;
	struct fnrec *f = sc->f;
	CXCursor e = unwrap(cur);
	struct pscan ps = {f, 0};
	const char *s;
	CXString nm;
	int j = -1, cl = 0, fl = 0;

	(void)parent;
	if (if_closes(sc, cur) == 0)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(e) == CXCursor_CallExpr &&
	    clang_Cursor_getNumArguments(e) == 1) {
		nm = clang_getCursorSpelling(e);
		s = clang_getCString(nm);
		cl = s && !strcmp(s, "fclose");
		fl = s && !strcmp(s, "fflush");
		clang_disposeString(nm);
		if (cl || fl)
			j = fn_param(
				f, stream_var(clang_Cursor_getArgument(e, 0)));
	}
	if (j >= 0) {
		f->cleans |= 1u << j;
		if (cl)
			f->closes |= 1u << j;
		sc->named |= named_in(f, cur);
		return CXChildVisit_Continue;
	}
	clang_visitChildren(cur, named_visit, &ps);
	f->cleans &= ~ps.named;
	sc->named |= ps.named;
	named_visit(cur, clang_getNullCursor(), &ps);
	sc->named |= ps.named;
	return CXChildVisit_Continue;
}

/* the parameters f closes (fclose) in its body, not under a loop, nor
 * under a branch but one whose arms all close it or whose condition is
 * a constant: bit i, parameter i; found once (with f->cleans) */
static unsigned fn_closes(const struct ctx *c, struct fnrec *f)
{
	CXCursor body = clang_getNullCursor();
	struct cscan sc = {c, f, 0, NULL, 0};

	if (f->closes_known)
		return f->closes;
	f->closes_known = 1;
	clang_visitChildren(f->cur, body_visit, &body);
	if (!clang_Cursor_isNull(body))
		clang_visitChildren(body, closes_visit, &sc);
	return f->closes;
}

/* fn_closes() of f for the call cc: an `if` on a parameter cc fixes
 * takes its arm (*cleans: the parameters left flushed) */
static unsigned fn_closes_at(const struct ctx *c, struct fnrec *f,
			     const struct iol_ccall *cc, unsigned *cleans)
{
	CXCursor body = clang_getNullCursor();
	struct fnrec g;
	struct cscan sc = {c, &g, 0, cc->argk, cc->nargs};
	unsigned closes = fn_closes(c, f);

	*cleans = f->cleans;
	if (!f->closes_dep || !cc->argk)
		return closes;
	g = *f;
	g.closes = g.cleans = 0;
	clang_visitChildren(f->cur, body_visit, &body);
	if (!clang_Cursor_isNull(body))
		clang_visitChildren(body, closes_visit, &sc);
	*cleans = g.cleans;
	return g.closes;
}

static void fn_globals(struct ctx *c, struct fnrec *f);

/* f refers to the global variable of USR usr */
static void gref_add(struct fnrec *f, const char *usr)
{
	size_t i;

	for (i = 0; i < f->ngrefs; i++)
		if (!strcmp(f->grefs[i], usr))
			return;
	if (f->ngrefs == f->capgrefs) {
		size_t cap = f->capgrefs ? 2 * f->capgrefs : 8;
		const char **v = realloc(f->grefs, cap * sizeof(*v));

		if (!v) {
			f->grefs_all = 1;
			return;
		}
		f->grefs = v;
		f->capgrefs = cap;
	}
	f->grefs[f->ngrefs++] = usr;
}

struct gwalk {
	struct ctx *c;
	struct fnrec *f;
};

/* a global variable's or a function's of the files name in f's body */
static enum CXChildVisitResult globals_visit(CXCursor cur, CXCursor parent,
					     CXClientData data)
{
	struct gwalk *w = data;
	CXCursor ref;
	struct fnrec *g;
	size_t i;

	(void)parent;
	if (clang_getCursorKind(cur) != CXCursor_DeclRefExpr &&
	    clang_getCursorKind(cur) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(cur);
	if (clang_getCursorKind(ref) == CXCursor_VarDecl &&
	    clang_Cursor_hasVarDeclGlobalStorage(ref) == 1) {
		const char *u = keep(w->c, clang_getCursorUSR(ref));

		if (u)
			gref_add(w->f, u);
		return CXChildVisit_Recurse;
	}
	if (clang_Cursor_isNull(ref) ||
	    !(g = (struct fnrec *)find_fn(w->c, ref)) || g == w->f)
		return CXChildVisit_Recurse;
	fn_globals(w->c, g);
	if (g->grefs_state != 2 || g->grefs_all)
		w->f->grefs_all = 1; /* a cycle of calls, or not known */
	for (i = 0; !w->f->grefs_all && i < g->ngrefs; i++)
		gref_add(w->f, g->grefs[i]);
	return CXChildVisit_Recurse;
}

/* the global variables f refers to, through its calls too */
static void fn_globals(struct ctx *c, struct fnrec *f)
{
	struct gwalk w = {c, f};

	if (f->grefs_state)
		return;
	f->grefs_state = 1;
	clang_visitChildren(f->cur, globals_visit, &w);
	f->grefs_state = 2;
}

/* whether a call of f may write the global variable of USR usr (f NULL:
 * not known, it may) */
static int fn_may_write(struct ctx *c, struct fnrec *f, const char *usr)
{
	size_t i;

	if (!f || !usr)
		return 1;
	fn_globals(c, f);
	if (f->grefs_all || f->grefs_state != 2)
		return 1;
	for (i = 0; i < f->ngrefs; i++)
		if (!strcmp(f->grefs[i], usr))
			return 1;
	return 0;
}

/* the USR of a global FILE * variable's fvar, or the global a local was
 * stored in; NULL neither */
static const char *fvar_gusr(struct ctx *c, struct fvar *v)
{
	if (v->gusr)
		return v->gusr;
	if (clang_Cursor_hasVarDeclGlobalStorage(v->var) != 1)
		return NULL;
	if (!v->usr)
		v->usr = keep(c, clang_getCursorUSR(v->var));
	return v->usr;
}

struct wscan {
	const struct fnrec *f;
	int q;	 /* the parameter */
	int bad; /* named other than as a stdio write's stream */
	int any; /* a call other than a stdio write of it */
};

/* a use of the parameter: the stream of fwrite, fputs, fprintf ... */
static enum CXChildVisitResult writes_visit(CXCursor cur, CXCursor parent,
					    CXClientData data)
{
	struct wscan *w = data;
	const struct iol_ciodef *d;
	CXString nm;

	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_CallExpr) {
		nm = clang_getCursorSpelling(cur);
		d = iol_ciodef_find(clang_getCString(nm));
		clang_disposeString(nm);
		if (d && d->api == IOL_CAPI_STDIO && d->op == IOL_COP_WRITE &&
		    d->stream_arg >= 0 &&
		    d->stream_arg < clang_Cursor_getNumArguments(cur) &&
		    fn_param(w->f, stream_var(clang_Cursor_getArgument(
					   cur, (unsigned)d->stream_arg))) >=
			    0) {
			/* its other arguments may name it too: not a use;
			 * a write of another parameter's stream fills that
			 * one's buffer, not this one's (the run counts the
			 * call's writes of this stream alone) */
			return CXChildVisit_Continue;
		}
		w->any = 1;
	}
	if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr &&
	    fn_param(w->f, clang_getCursorReferenced(cur)) == w->q) {
		w->bad = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* f does nothing with its parameter q but write it with stdio (no
 * flush, close, seek, nor a call it is given to): 1; 2 when those
 * writes are all the calls it makes (its I/O is the stream's); else 0 */
static int fn_only_writes(struct fnrec *f, int q)
{
	CXCursor body = clang_getNullCursor();
	struct wscan w = {f, q, 0, 0};

	if (f->ow_known >> q & 1)
		return f->ow[q];
	f->ow_known |= 1u << q;
	clang_visitChildren(f->cur, body_visit, &body);
	if (clang_Cursor_isNull(body))
		return f->ow[q] = 0;
	clang_visitChildren(body, writes_visit, &w);
	return f->ow[q] = w.bad ? 0 : w.any ? 1 : 2;
}

/*
 * A call (cc, in blk) given v, written here since its last flush, by a
 * function that only writes it: what v's run left in its buffer is
 * carried to the call, as by a flush there (a rest taken off the block of
 * the run's writes, run_close()), which the call adds to the shares of
 * its own writes (a buffer the caller half filled fills during the
 * call).  Not in a loop that does not hold the writes: each of its runs
 * would carry the same rest.
 */
static void carry_in(struct ctx *c, struct fvar *v, struct iol_ccall *cc,
		     const struct iol_cblock *blk)
{
	struct iol_ccall *k;
	const struct iol_cblock *anc, *wb;
	int64_t n, b = var_buf(c, v->var);

	if (!v->run_ok || !v->dirty || !v->wblk ||
	    !(anc = common_block(v->wblk, blk)) || outer_loop(blk, anc) ||
	    b == 0 || (b < 0 && b != IOL_CUNKNOWN) ||
	    !(k = zalloc(c, sizeof(*k))))
		return;
	k->name = "the buffer carried into a call";
	k->api = IOL_CAPI_STDIO;
	k->op = IOL_COP_CLOSE;
	k->cfile = k->flushes = 1;
	k->size = -1;
	k->size_param = k->stream_param = -1;
	k->bufsize = b == IOL_CUNKNOWN ? IOL_CBUF_STDIO : b;
	wb = v->wblk;
	run_close(c, v, k, blk);
	/* writes on lines of the block around the call too: the rest is
	 * taken off the last one's (those before it make no write(2) of
	 * what the call sends) */
	if (k->run && !k->rest_at && wb != anc &&
	    (n = runs_under(wb->parent, anc)) > 0) {
		k->rest_at = (struct iol_cblock *)wb;
		k->rest_n = n;
		k->rest_next = k->rest_at->rests;
		k->rest_at->rests = k;
	}
	if (!k->run || !k->rest_at)
		return;
	k->next = cc->carry;
	cc->carry = k;
}

/*
 * A call of a function of the files: the FILE * variables it is given,
 * and the globals, may be written there; those it closes are closed
 * after it (what the caller left in their buffers went out there, not at
 * exit).  Arguments that are the same variable are marked (argsame).
 */
static void fstream_passed(struct ctx *c, CXCursor call, struct fnrec *f,
			   struct iol_ccall *cc, const struct iol_cblock *blk)
{
	struct iol_cblock *lb;
	int i, j, n = clang_Cursor_getNumArguments(call);
	unsigned cleans = 0, closes = f ? fn_closes_at(c, f, cc, &cleans) : 0;
	struct fvar *v;
	struct gstream *g;
	size_t k;

	/* the globals, and the streams stored in one (g = f), that the
	 * function or those it calls refer to */
	for (k = 0; k < c->nfvars; k++) {
		const char *u = fvar_gusr(c, &c->fvars[k]);

		if (u && fn_may_write(c, f, u))
			fvar_touched(c, &c->fvars[k], blk);
	}
	for (i = 0; i < n; i++) {
		CXCursor var =
			stream_var(clang_Cursor_getArgument(call, (unsigned)i));

		if ((v = fvar_of(c, var, 0))) {
			int ow = f && i < IOL_CARGS ? fn_only_writes(f, i) : 0;

			if (v->fresh && i < IOL_CARGS &&
			    loop_of(blk) == loop_of(v->oblk)) {
				cc->argfresh |= 1u << i;
				/* no setvbuf or setbuf buffer: the callee's
				 * first use makes one (first_use()) */
				if (var_buf(c, var) == IOL_CUNKNOWN)
					cc->argbstat |= 1u << i;
			}
			if (ow)
				carry_in(c, v, cc, blk);
			fvar_touched(c, v, blk);
			/* its only I/O the stream's writes: a write of
			 * the stream's run, as a fwrite is */
			if (ow == 2 &&
			    (lb = line_block(c, (struct iol_cblock *)blk,
					     cc->line)) != NULL) {
				size_t at = c->nwr;

				v->wblk = lb;
				run_add(c, v, cc, lb);
				if (c->nwr > at)
					c->wr[at].arg = i;
			}
		}
		if (i < IOL_CARGS && i < cc->nargs && cc->argsame)
			for (j = 0; j < n && j < IOL_CARGS; j++)
				if (j != i && !clang_Cursor_isNull(var) &&
				    clang_equalCursors(
					    var,
					    stream_var(clang_Cursor_getArgument(
						    call, (unsigned)j))))
					cc->argsame[i] |= 1u << j;
	}
	/* flushed last there: empty after the call, still open */
	for (i = 0; f && i < n && i < IOL_CARGS; i++)
		if ((cleans & ~closes & (1u << i)) &&
		    (v = fvar_of(c,
				 stream_var(clang_Cursor_getArgument(
					 call, (unsigned)i)),
				 0))) {
			v->dirty = 0;
			v->run_from = c->nwr;
		}
	for (i = 0; i < n && i < IOL_CARGS; i++) {
		CXCursor var;

		if (!(closes & (1u << i)))
			continue;
		var = stream_var(clang_Cursor_getArgument(call, (unsigned)i));
		if ((v = fvar_of(c, var, 0))) {
			v->dirty = 0;
			v->escaped = 1;
			v->run_from = c->nwr;
		}
		if (!clang_Cursor_isNull(var) &&
		    clang_getCursorKind(var) == CXCursor_VarDecl &&
		    clang_Cursor_hasVarDeclGlobalStorage(var) == 1 &&
		    (g = gstream_of(c, var)))
			g->closed = 1;
		if (v && v->gusr && (g = gstream_usr(c, v->gusr)))
			g->closed = 1;
	}
}

/* the call on line a new call goes to, appended in source order */
static struct iol_ccall *line_call(struct ctx *c, struct iol_cblock *blk,
				   unsigned line, unsigned col)
{
	struct iol_cblock *lb = line_block(c, blk, line);
	struct iol_ccall *cc = zalloc(c, sizeof(*cc)), *p;

	if (!lb || !cc)
		return NULL;
	cc->line = line;
	cc->col = col;
	cc->size_param = -1;
	cc->stream_param = -1;
	if (!lb->calls) {
		lb->calls = cc;
	} else {
		for (p = lb->calls; p->next; p = p->next)
			;
		p->next = cc;
	}
	return cc;
}

/* a file stream's manipulators: std::endl writes a newline (and then
 * flushes), std::flush flushes */
static const struct iol_ciodef cxx_endl = {
	"operator<<", IOL_CAPI_STDIO, IOL_COP_WRITE, -1, -1, -1, -1, -1, 1, 0};
static const struct iol_ciodef cxx_flush = {
	"flush", IOL_CAPI_STDIO, IOL_COP_SYNC, -1, -1, -1, -1, -1, 0, 0};

/* whether expression e is spelled with the identifier name (a macro
 * under its own name, whatever its value on this system) */
static int has_token(CXCursor e, const char *name)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXToken *tk = NULL;
	unsigned nt = 0, i;
	int found = 0;

	clang_tokenize(tu, clang_getCursorExtent(e), &tk, &nt);
	for (i = 0; i < nt && !found; i++) {
		CXString sp = clang_getTokenSpelling(tu, tk[i]);

		found = clang_getCString(sp) &&
			!strcmp(clang_getCString(sp), name);
		clang_disposeString(sp);
	}
	if (tk)
		clang_disposeTokens(tu, tk, nt);
	return found;
}

/*
 * An mmap of no file: a descriptor of -1, or MAP_ANONYMOUS (MAP_ANON)
 * among the flags: memory, not a mapped file, which no tracer counts as
 * a call on a file (issue 33 D11).  1 when call is one.
 */
static int anon_map(const struct ctx *c, CXCursor call, const char *name)
{
	CXCursor flags;
	int64_t v;

	if (!name ||
	    (strcmp(name, "mmap") != 0 && strcmp(name, "mmap64") != 0) ||
	    clang_Cursor_getNumArguments(call) < 5)
		return 0;
	if (eval_int(c, clang_Cursor_getArgument(call, 4), &v) == 0 && v == -1)
		return 1;
	flags = clang_Cursor_getArgument(call, 3);
	return has_token(flags, "MAP_ANONYMOUS") ||
	       has_token(flags, "MAP_ANON");
}

static const char *qual_name(struct ctx *c, CXCursor cur);
static int project_header(CXCursor cur);

/*
 * Whether ref, a called function the files do not define, is one of the
 * program's own: a function, method or constructor declared in a given
 * file or a project header, not a builtin nor one the compiler makes
 * (an implicit or `= default` constructor or method).
 */
/* a compiler builtin (__builtin_va_start, __sync_fetch_and_add,
 * __atomic_load_n): clang declares it where it is first used, so it
 * looks like a function of the file, but it has no body anywhere and
 * does no I/O */
static int compiler_builtin(CXCursor ref)
{
	static const char *const pre[] = {"__builtin_", "__sync_", "__atomic_",
					  "__c11_atomic_"};
	CXString nm = clang_getCursorSpelling(ref);
	const char *s = clang_getCString(nm);
	size_t i;
	int yes = 0;

	for (i = 0; s && i < sizeof(pre) / sizeof(pre[0]); i++)
		if (strncmp(s, pre[i], strlen(pre[i])) == 0)
			yes = 1;
	clang_disposeString(nm);
	return yes;
}

static int own_decl(CXCursor ref)
{
	enum CXCursorKind kd = clang_getCursorKind(ref);
	CXSourceLocation l = clang_getCursorLocation(ref);

	if (compiler_builtin(ref))
		return 0;
	if (kd != CXCursor_FunctionDecl && kd != CXCursor_CXXMethod &&
	    kd != CXCursor_FunctionTemplate && kd != CXCursor_Constructor)
		return 0;
	if ((kd == CXCursor_CXXMethod || kd == CXCursor_Constructor) &&
	    clang_CXXMethod_isDefaulted(ref))
		return 0;
	if (clang_Cursor_isNull(ref) ||
	    clang_equalLocations(l, clang_getNullLocation()))
		return 0;
	return clang_Location_isFromMainFile(l) || project_header(ref);
}

/* the name, once, in the tree's list of functions without a body */
static void note_nobody(struct ctx *c, const char *name)
{
	struct iol_ctree *t = c->t;
	const char **v;
	int i;

	for (i = 0; i < t->nnobody; i++)
		if (!strcmp(t->nobody[i], name))
			return;
	/* the arena keeps the old array: these are few */
	if (!(t->nnobody & (t->nnobody - 1)) || !t->nnobody) {
		v = zalloc(c, (size_t)(t->nnobody ? t->nnobody * 2 : 4) *
				      sizeof(*v));
		if (!v)
			return;
		if (t->nnobody)
			memcpy(v, t->nobody, (size_t)t->nnobody * sizeof(*v));
		t->nobody = v;
	}
	t->nobody[t->nnobody++] = name;
}

/* a call of the program's own function ref whose body no given file
 * has: its I/O unknown, never none (issue 33 D6) */
static void add_nobody(struct ctx *c, CXCursor call, struct iol_cblock *blk,
		       CXCursor ref)
{
	struct iol_ccall *cc;
	unsigned line, col;

	call_where(call, &line, &col);
	if (!(cc = line_call(c, blk, line, col)))
		return;
	cc->api = IOL_CAPI_USER;
	cc->op = IOL_COP_LIB;
	cc->nobody = 1;
	cc->name = qual_name(c, ref);
	note_nobody(c, cc->name);
}

/* a call in blk; *endl set to std::endl's or std::flush's flush, whose
 * stream state the caller sets after walking the chain the call ends
 * (its writes come first: `o << "x" << std::endl`) */
static enum CXChildVisitResult last_visit(CXCursor cur, CXCursor parent,
					  CXClientData data);

/* whether call goes through a pointer to a function (fp(x),
 * table[i](x), s->op(x), (*fp)(x)): its callee is no function but an
 * expression of function pointer type, which function it calls the
 * source does not fix */
static int ptr_call(CXCursor call, CXCursor ref)
{
	enum CXCursorKind rk = clang_getCursorKind(ref);
	struct kids k;
	CXType t;

	if (!clang_Cursor_isNull(ref) && rk != CXCursor_VarDecl &&
	    rk != CXCursor_ParmDecl && rk != CXCursor_FieldDecl)
		return 0;
	kids_of(call, &k);
	if (k.n < 1)
		return 0;
	t = clang_getCanonicalType(clang_getCursorType(k.c[0]));
	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_FunctionProto ||
	       t.kind == CXType_FunctionNoProto;
}

/* the function of the files a pointer variable var always holds: its
 * initializer names it (fp = large, &large) and nothing assigns it (a
 * local of the function, or a const global); else NULL */
static const struct fnrec *ptr_target(const struct ctx *c, CXCursor var)
{
	CXCursor init = clang_getNullCursor();
	CXString nm;
	unsigned from, to, at;
	int mod;

	if (clang_getCursorKind(var) != CXCursor_VarDecl)
		return NULL;
	if (!clang_equalCursors(clang_getCursorSemanticParent(var), c->fncur)) {
		if (!clang_isConstQualifiedType(clang_getCursorType(var)))
			return NULL;
	} else {
		span(c->fncur, &from, &to);
		where(var, NULL, NULL, &at);
		nm = clang_getCursorSpelling(var);
		mod = assigned(c, clang_getCString(nm), from, to, at);
		clang_disposeString(nm);
		if (mod)
			return NULL;
	}
	clang_visitChildren(var, last_visit, &init);
	return clang_Cursor_isNull(init) ? NULL : fn_arg(c, init);
}

/* a call through a pointer: I/O not known (IOL_COPAQUE_PTR), never a
 * number that leaves the function it calls out */
static void add_ptr_call(struct ctx *c, CXCursor call, struct iol_cblock *blk)
{
	struct iol_ccall *cc;
	unsigned line, col;

	call_where(call, &line, &col);
	if (!(cc = line_call(c, blk, line, col)))
		return;
	cc->name = IOL_CPTR_CALL;
	cc->api = IOL_CAPI_USER;
	cc->op = IOL_COP_LIB;
	cc->stream_param = -1;
}

/* the variable an open's path or unlink's argument is (its USR), into
 * cc->path_var, or unlink's constant path: an open of a file its
 * function unlinks is a scratch file (predict.c) */
static void path_var(struct ctx *c, CXCursor call, const struct iol_ciodef *d,
		     struct iol_ccall *cc)
{
	int a = -1;

	if (cc->op == IOL_COP_OPEN)
		a = d->path_arg;
	else if (cc->op == IOL_COP_META && cc->name &&
		 !strcmp(cc->name, "unlink"))
		a = 0;

	if (a < 0 || a >= clang_Cursor_getNumArguments(call))
		return;
	cc->path_var = var_usr(c, clang_Cursor_getArgument(call, (unsigned)a));
	if (!cc->path_var && cc->op == IOL_COP_META)
		cc->path_var = eval_str(
			c, clang_Cursor_getArgument(call, (unsigned)a));
}

/* the variable an open's result is stored in (fd = open(...), FILE *f =
 * fopen(...)) or a close closes (its first argument), into cc->fd_var:
 * the close of a truncating open's descriptor is a rerun's costlier one
 * (predict.c) */
static void fd_var(struct ctx *c, CXCursor call, struct iol_ccall *cc)
{
	if (cc->op == IOL_COP_CLOSE && clang_Cursor_getNumArguments(call) > 0)
		cc->fd_var = var_usr(c, clang_Cursor_getArgument(call, 0));
	if (cc->op != IOL_COP_OPEN || clang_Cursor_isNull(c->decl))
		return;
	cc->fd_var = keep(c, clang_getCursorUSR(c->decl));
	if (!*cc->fd_var)
		cc->fd_var = NULL;
}

static void add_call(struct ctx *c, CXCursor call, struct iol_cblock *blk,
		     struct iol_ccall **endl)
{
	const char *name;
	const struct iol_ciodef *d;
	const struct fnrec *f = NULL;
	struct iol_ccall *cc;
	CXCursor ref = clang_getCursorReferenced(call);
	CXString nm = clang_getCursorSpelling(call);
	const char *cls = NULL, *member = NULL;
	unsigned line, col;
	int thread = 0, from = 0, manip = 0;
	struct iol_ccall *fl;

	if (!clang_getCString(nm) || !*clang_getCString(nm)) {
		CXCursor o = dependent_callee(call);

		if (!clang_Cursor_isNull(o)) {
			clang_disposeString(nm);
			nm = clang_getCursorSpelling(o);
			if (clang_getNumOverloadedDecls(o) > 0)
				ref = clang_getOverloadedDecl(o, 0);
		}
	}
	/* a C++ file stream's call is stdio-like; a member function of any
	 * other class is no C library call whatever its name */
	note_fdopen(c, clang_getCString(nm), blk);
	if (note_setbuf(c, call, clang_getCString(nm)) ||
	    exit_call(c, call, blk, clang_getCString(nm))) {
		clang_disposeString(nm);
		return;
	}
	d = iol_cstream_find(call, &cls, &member);
	if (!d && !iol_cstream_is_member(call))
		d = iol_ciodef_find(clang_getCString(nm));
	if (!d && (f = thread_start(c, call, clang_getCString(nm), &from)))
		thread = from == -2 ? 2 : 1;
	if (!d && !f) {
		if (!clang_Cursor_isNull(ref))
			f = find_fn(c, ref);
		if (!f && ptr_call(call, ref) && !(f = ptr_target(c, ref))) {
			clang_disposeString(nm);
			add_ptr_call(c, call, blk);
			return;
		}
		if (!f) {
			if (own_decl(ref))
				add_nobody(c, call, blk, ref);
			clang_disposeString(nm);
			return;
		}
	} else if (d && d->stream_arg >= 0 &&
		   d->stream_arg < clang_Cursor_getNumArguments(call) &&
		   std_stream(clang_Cursor_getArgument(call, d->stream_arg))) {
		clang_disposeString(nm);
		return;
	}
	if (d && anon_map(c, call, clang_getCString(nm))) {
		clang_disposeString(nm);
		return;
	}
	if (cls && (manip = iol_cstream_manip(call)) != 0) {
		/* std::endl: a newline, then a flush; std::flush a flush */
		d = manip == 1 ? &cxx_endl : &cxx_flush;
		member = manip == 1 ? " << std::endl" : " << std::flush";
	}
	call_where(call, &line, &col);
	cc = line_call(c, blk, line, col);
	if (!cc) {
		clang_disposeString(nm);
		return;
	}
	name = keep(c, nm);
	if (cls)
		name = stream_name(c, cls, member);
	cc->name = name;
	if (f) {
		cc->api = IOL_CAPI_USER;
		cc->op = IOL_COP_CALL;
		cc->callee = f->blk;
		cc->name = f->blk->function;
		cc->thread = thread;
		if (from >= 0) {
			const struct iol_cblock *b;

			for (b = blk, c->call_loop = 0; b; b = b->parent)
				c->call_loop |= b->kind == IOL_CB_LOOP;
			call_args(c, call, from, cc);
		}
		cc->tsizes = template_sizes(c, ref);
		stream_passed(c, call);
		main_calls(c, call, f);
		if (cc->nargs > 0)
			cc->argsame = zalloc(c, (size_t)cc->nargs *
							sizeof(*cc->argsame));
		fstream_passed(c, call, (struct fnrec *)f, cc, blk);
		return;
	}
	cc->api = d->api;
	cc->op = d->op;
	cc->size = call_size(c, call, d, &cc->size_param, &cc->size_mul,
			     &cc->size_field, &cc->size_tparam, &cc->assumed);
	if (cc->api == IOL_CAPI_STDIO)
		cc->bufsize = cls ? IOL_CBUF_CXX : stream_buf(c, call, d);
	if (cc->api == IOL_CAPI_STDIO && !cls) {
		note_stream(c, call, d, cc);
		cc->cfile = 1;
		/* the call's line block: the innermost around it */
		fstream_state(c, call, d, cc, line_block(c, blk, line));
	} else
		cc->stream_param = -1;
	if (d->path_arg >= 0 &&
	    d->path_arg < clang_Cursor_getNumArguments(call))
		cc->path = eval_str(
			c, clang_Cursor_getArgument(call, d->path_arg));
	path_var(c, call, d, cc);
	fd_var(c, call, cc);
	if (cc->op == IOL_COP_OPEN)
		cc->creates = open_creates(c, call, d, cls);
	if (!cls)
		return;
	/* std::flush flushes after the chain's writes */
	if (manip == 2) {
		*endl = cc;
		return;
	}
	stream_state(c, call, cc, line_block(c, blk, line));
	if (manip == 1 && (fl = line_call(c, blk, line, col))) {
		*fl = *cc;
		fl->next = NULL;
		fl->name = stream_name(c, cls, "flush (std::endl)");
		fl->op = IOL_COP_SYNC;
		fl->size = 0;
		fl->cxx = 0;
		*endl = fl;
	}
}

static void walk(struct ctx *c, CXCursor cur, struct iol_cblock *blk);

static enum CXChildVisitResult walk_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct ctx *c = ((void **)data)[0];
	struct iol_cblock *blk = ((void **)data)[1];
	CXCursor *prev = ((void **)data)[2];

	/* a while loop reads its counter's start in the statement before
	 * it in a compound statement (walk_kind takes it at once) */
	c->prev = clang_getCursorKind(parent) == CXCursor_CompoundStmt
			  ? *prev
			  : clang_getNullCursor();
	c->pcomp = clang_getCursorKind(parent) == CXCursor_CompoundStmt
			   ? parent
			   : clang_getNullCursor();
	c->prev_ok = 1;
	walk(c, cur, blk);
	*prev = cur;
	return c->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void walk_kids(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	CXCursor prev = clang_getNullCursor();
	void *data[3] = {c, blk, &prev};

	clang_visitChildren(cur, walk_visit, data);
}

/* one arm of a branch: its own block, conditional (NULL: no memory) */
static struct iol_cblock *walk_arm(struct ctx *c, CXCursor arm,
				   struct iol_cblock *blk, unsigned alt)
{
	struct iol_cblock *b;
	unsigned line;

	where(arm, &line, NULL, NULL);
	c->cond++;
	b = new_block(c, IOL_CB_BRANCH, blk, line);
	if (b) {
		b->alt = alt;
		walk(c, arm, b);
	}
	c->cond--;
	return b;
}

/*
 * A condition on one parameter of the function that nothing in it
 * assigns: `p`, `!p`, `p OP k` or `k OP p` with k a constant; its index
 * with *op and *k (`p` is `p != 0`), or -1.  A call that fixes p
 * decides the branch (the arm not taken adds nothing there).
 */
static int cond_on_param(const struct ctx *c, CXCursor cond, const char **op,
			 int64_t *k)
{
	struct kids kd;
	unsigned from, to, i;
	int p;

	cond = unwrap(cond);
	if ((p = param_of(c, cond)) >= 0) {
		*op = "!=";
		*k = 0;
		return p;
	}
	kids_of(cond, &kd);
	if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && kd.n == 1) {
		span(cond, &from, &to);
		i = tok_at(c, from);
		if (i >= c->ntoks || strcmp(c->toks[i].s, "!") ||
		    (p = param_of(c, kd.c[0])) < 0)
			return -1;
		*op = "==";
		*k = 0;
		return p;
	}
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || kd.n != 2 ||
	    !(*op = static_cmp(binop(c, kd.c[0]))))
		return -1;
	if ((p = param_of(c, kd.c[0])) >= 0 && eval_int(c, kd.c[1], k) == 0)
		return p;
	if ((p = param_of(c, kd.c[1])) >= 0 && eval_int(c, kd.c[0], k) == 0) {
		*op = static_cmp(swap_op(*op));
		return p;
	}
	return -1;
}

/*
 * The FILE * states before the arms of an `if` on a parameter: each arm
 * starts from them, as a call runs one arm only (an fclose in each arm
 * of a stream given to the function sends its write in each).  After
 * the last arm, a stream another arm left written is written (its run
 * not known).
 */
struct fsnap {
	struct fvar *v;
	size_t n, nwr;
	CXCursor *dirty; /* streams earlier arms left written */
	size_t ndirty, cap;
};

static void fsnap_take(struct ctx *c, struct fsnap *s)
{
	memset(s, 0, sizeof(*s));
	s->n = c->nfvars;
	s->nwr = c->nwr;
	if (s->n && !(s->v = malloc(s->n * sizeof(*s->v)))) {
		c->rc = IOL_ENOMEM;
		return;
	}
	if (s->n)
		memcpy(s->v, c->fvars, s->n * sizeof(*s->v));
}

/* an arm ended: note what it left written, and go back to the state
 * before the `if` for the next */
static void fsnap_back(struct ctx *c, struct fsnap *s)
{
	size_t i;
	CXCursor *d;

	for (i = 0; i < c->nfvars && !c->rc; i++) {
		if (!c->fvars[i].dirty)
			continue;
		if (s->ndirty == s->cap) {
			s->cap = s->cap ? 2 * s->cap : 8;
			if (!(d = realloc(s->dirty, s->cap * sizeof(*d)))) {
				c->rc = IOL_ENOMEM;
				return;
			}
			s->dirty = d;
		}
		s->dirty[s->ndirty++] = c->fvars[i].var;
	}
	if (s->v)
		memcpy(c->fvars, s->v, s->n * sizeof(*s->v));
	c->nfvars = s->n;
	c->nwr = s->nwr;
}

static void fsnap_done(struct ctx *c, struct fsnap *s)
{
	struct fvar *v;
	size_t i;

	for (i = 0; i < s->ndirty && !c->rc; i++)
		if ((v = fvar_of(c, s->dirty[i], 1)) && !v->dirty) {
			v->dirty = 1;
			v->run_ok = 0;
			v->wblk = NULL;
		}
	free(s->v);
	free(s->dirty);
}

/* the arms of an `if` on a parameter: each says when it runs */
static void arm_cond(struct iol_cblock *b, int p, const char *op, int64_t k,
		     int neg)
{
	if (!b)
		return;
	b->cond_param = p;
	b->cond_op = op;
	b->cond_k = k;
	b->cond_neg = neg;
}

/* a for loop b of constant trip count: its counter, start and step on
 * the stack of counters (conditions on it count their iterations) */
static void iv_push(struct ctx *c, CXCursor loop, const struct iol_cblock *b)
{
	CXCursor part[3], var;
	int have[3];
	int64_t a, st;

	if (b->trip < 0 || b->trip_param >= 0 || b->assumed ||
	    c->niv >= (int)(sizeof(c->iv) / sizeof(c->iv[0])))
		return;
	for_parts(c, loop, part, have);
	if (!have[0] || !have[2] || for_init(c, part[0], &var, &a, NULL) < 0 ||
	    (st = for_step(c, part[2], var, NULL)) == 0)
		return;
	c->iv[c->niv].blk = b;
	c->iv[c->niv].var = var;
	c->iv[c->niv].a = a;
	c->iv[c->niv++].s = st;
}

/* an expression of a loop's counter, compiled: constants, the counter,
 * ! - and + - * / % == != < <= > >= && || of those */
#define IVX_MAX 32
struct ivx {
	char op[4]; /* "k" a constant, "i" the counter, else the operator */
	int unary;
	int64_t k;
	int l, r;
};

static int ivx_build(const struct ctx *c, CXCursor e, CXCursor var,
		     struct ivx *x, int *n, int depth)
{
	struct kids k;
	int64_t v;
	CXCursor ref;
	unsigned from, to, t;
	int me, l, r;
	const char *op;

	if (*n >= IVX_MAX || depth > 12)
		return -1;
	e = unwrap(e);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	    clang_equalCursors((ref = clang_getCursorReferenced(e)), var)) {
		me = (*n)++;
		snprintf(x[me].op, sizeof(x[me].op), "i");
		return me;
	}
	if (eval_int(c, e, &v) == 0) {
		me = (*n)++;
		snprintf(x[me].op, sizeof(x[me].op), "k");
		x[me].k = v;
		return me;
	}
	kids_of(e, &k);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator && k.n == 1) {
		span(e, &from, &to);
		t = tok_at(c, from);
		if (t >= c->ntoks ||
		    (strcmp(c->toks[t].s, "!") && strcmp(c->toks[t].s, "-")))
			return -1;
		if ((l = ivx_build(c, k.c[0], var, x, n, depth + 1)) < 0 ||
		    *n >= IVX_MAX)
			return -1;
		me = (*n)++;
		snprintf(x[me].op, sizeof(x[me].op), "%s", c->toks[t].s);
		x[me].unary = 1;
		x[me].l = l;
		return me;
	}
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || k.n != 2)
		return -1;
	op = binop(c, k.c[0]);
	if (!strchr("+-*/%", op[0]) && !static_cmp(op) && strcmp(op, "&&") &&
	    strcmp(op, "||"))
		return -1;
	if (strlen(op) > 2 || (strchr("+-*/%", op[0]) && op[1]))
		return -1;
	if ((l = ivx_build(c, k.c[0], var, x, n, depth + 1)) < 0 ||
	    (r = ivx_build(c, k.c[1], var, x, n, depth + 1)) < 0 ||
	    *n >= IVX_MAX)
		return -1;
	me = (*n)++;
	snprintf(x[me].op, sizeof(x[me].op), "%s", op);
	x[me].unary = 0;
	x[me].l = l;
	x[me].r = r;
	return me;
}

/* the value of node j at counter value i: 0, or -1 (a division by 0,
 * a value out of range) */
static int ivx_eval(const struct ivx *x, int j, int64_t i, int64_t *v)
{
	const int64_t lim = (int64_t)1 << 40;
	int64_t a, b = 0;
	const char *op = x[j].op;

	if (op[0] == 'k' || op[0] == 'i') {
		*v = op[0] == 'k' ? x[j].k : i;
		return *v > lim || *v < -lim ? -1 : 0;
	}
	if (ivx_eval(x, x[j].l, i, &a) < 0 ||
	    (!x[j].unary && ivx_eval(x, x[j].r, i, &b) < 0))
		return -1;
	if (x[j].unary) {
		*v = op[0] == '!' ? !a : -a;
		return 0;
	}
	if (!strcmp(op, "&&") || !strcmp(op, "||")) {
		*v = op[0] == '&' ? (a && b) : (a || b);
		return 0;
	}
	if (static_cmp(op)) {
		*v = cmp_holds(op, a, b);
		return 0;
	}
	if ((op[0] == '/' || op[0] == '%') && b == 0)
		return -1;
	/* both within 2^40: a sum is within int64, a product may not be
	 * (2^32 x 2^32 wrapped to 0, an arm counted as run) */
	if (op[0] == '*' && a != 0 && (b < 0 ? -b : b) > lim / (a < 0 ? -a : a))
		return -1;
	switch (op[0]) {
	case '+': *v = a + b; break;
	case '-': *v = a - b; break;
	case '*': *v = a * b; break;
	case '/': *v = a / b; break;
	default: *v = a % b; break;
	}
	return *v > lim || *v < -lim ? -1 : 0;
}

/* whether cond holds at the last iteration of blk, a loop of the
 * counter (iv_count()'s): 1 or 0, -1 not known */
static int iv_last(const struct ctx *c, CXCursor cond,
		   const struct iol_cblock *blk)
{
	const struct ivar *iv;
	struct ivx x[IVX_MAX];
	int n = 0, top;
	int64_t v;

	if (c->niv < 1 || c->iv[c->niv - 1].blk != blk ||
	    blk->kind != IOL_CB_LOOP || blk->trip < 1 || blk->trip > 65536)
		return -1;
	iv = &c->iv[c->niv - 1];
	if ((top = ivx_build(c, cond, iv->var, x, &n, 0)) < 0 ||
	    ivx_eval(x, top, iv->a + (blk->trip - 1) * iv->s, &v) < 0)
		return -1;
	return v != 0;
}

/* the iterations of loop blk (on the counter stack, trip count at most
 * 65,536) for which cond holds, or -1 */
static int64_t iv_count(const struct ctx *c, CXCursor cond,
			const struct iol_cblock *blk)
{
	const struct ivar *iv;
	struct ivx x[IVX_MAX];
	int n = 0, top;
	int64_t it, v, cnt = 0;

	if (c->niv < 1 || c->iv[c->niv - 1].blk != blk ||
	    blk->kind != IOL_CB_LOOP || blk->trip < 0 || blk->trip > 65536)
		return -1;
	iv = &c->iv[c->niv - 1];
	if ((top = ivx_build(c, cond, iv->var, x, &n, 0)) < 0)
		return -1;
	for (it = 0; it < blk->trip; it++) {
		if (ivx_eval(x, top, iv->a + it * iv->s, &v) < 0)
			return -1;
		cnt += v != 0;
	}
	return cnt;
}

/* the iterations of blk from one where cond is want (1 true, 0 false)
 * to the next, counted from the first iteration, when they are the same
 * every time (`i % 50 == 49` of 100: 50); -1 when not, or not known */
static int64_t iv_period(const struct ctx *c, CXCursor cond,
			 const struct iol_cblock *blk, int want)
{
	const struct ivar *iv;
	struct ivx x[IVX_MAX];
	int n = 0, top;
	int64_t it, v, prev = -1, per = -1;

	if (c->niv < 1 || c->iv[c->niv - 1].blk != blk ||
	    blk->kind != IOL_CB_LOOP || blk->trip < 0 || blk->trip > 65536)
		return -1;
	iv = &c->iv[c->niv - 1];
	if ((top = ivx_build(c, cond, iv->var, x, &n, 0)) < 0)
		return -1;
	for (it = 0; it < blk->trip; it++) {
		if (ivx_eval(x, top, iv->a + it * iv->s, &v) < 0)
			return -1;
		if ((v != 0) != want)
			continue;
		if (per >= 0 && it - prev != per)
			return -1;
		per = it - prev;
		prev = it;
	}
	return per;
}

/* walk_arm() of an arm on blk's counter run every per iterations */
static struct iol_cblock *walk_arm_per(struct ctx *c, CXCursor arm,
				       struct iol_cblock *blk, unsigned alt,
				       int64_t per)
{
	const struct iol_cblock *l = c->arm_loop;
	int64_t p = c->arm_period;
	struct iol_cblock *b;

	c->arm_loop = per > 1 ? blk : NULL;
	c->arm_period = per > 1 ? per : 0;
	b = walk_arm(c, arm, blk, alt);
	c->arm_loop = l;
	c->arm_period = p;
	return b;
}

/* if (cond) then [else]; cond ? a : b -- the arms are alternatives */
static void walk_if(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	struct kids k;
	unsigned i, first_arm, alt = ++c->alt;
	int64_t v;
	int as = 0, p;
	const char *op;
	struct fsnap snap, lsnap;
	int64_t ivn;
	int last;

	kids_of(cur, &k);
	if (k.n < 2 || k.n > 8) {
		walk_kids(c, cur, blk);
		return;
	}
	/* C++17's init and condition variable come first; the last two
	 * children are the arms when there is an else */
	/* cond then; cond then else; C++17's init or condition variable
	 * before them (read as: the last two are the arms) */
	first_arm = k.n == 2 ? 1 : k.n - 2;
	for (i = 0; i < first_arm; i++)
		walk(c, k.c[i], blk);
	/* a constant (or assumed) condition: the arm it takes, alone */
	if (first_arm == 1 && clang_getCursorKind(cur) == CXCursor_IfStmt &&
	    eval_as(c, k.c[0], &v, c->nassume ? &as : NULL) == 0) {
		if (v != 0 || k.n == 3)
			walk_arm(c, k.c[v != 0 ? 1 : 2], blk, alt);
		return;
	}
	p = first_arm == 1 ? cond_on_param(c, k.c[0], &op, &v) : -1;
	/* on the loop's counter: the iterations each arm runs */
	ivn = first_arm == 1 && clang_getCursorKind(cur) == CXCursor_IfStmt
		      ? iv_count(c, k.c[0], blk)
		      : -1;
	if (p >= 0 && k.n == 3)
		fsnap_take(c, &snap);
	/* an arm the loop's last iteration does not take (`if (i % 2)
	 * fflush(g)` of 7): what it flushes is left as before it, for the
	 * close after the loop to send what the last iterations wrote */
	last = k.n == 2 && ivn >= 0 && ivn < blk->trip &&
	       iv_last(c, k.c[0], blk) == 0;
	if (last)
		fsnap_take(c, &lsnap);
	for (i = first_arm; i < k.n; i++) {
		struct iol_cblock *b = walk_arm_per(
			c, k.c[i], blk, alt,
			ivn > 0 ? iv_period(c, k.c[0], blk, i == first_arm)
				: -1);

		if (p >= 0)
			arm_cond(b, p, op, v, i > first_arm);
		if (b && ivn >= 0)
			b->iv_runs = i > first_arm ? blk->trip - ivn : ivn;
		if (p >= 0 && k.n == 3 && i == first_arm)
			fsnap_back(c, &snap);
	}
	if (p >= 0 && k.n == 3)
		fsnap_done(c, &snap);
	if (last) {
		if (lsnap.v && !c->rc && c->nfvars >= lsnap.n)
			memcpy(c->fvars, lsnap.v, lsnap.n * sizeof(*lsnap.v));
		free(lsnap.v);
		free(lsnap.dirty);
	}
}

/* ---- switch ---- */

#define SW_SEGS 64
#define SW_VALS 16

/* one arm of a switch: the body's statements [first, end) from a case
 * or default label (head: the statement under the labels) */
struct swseg {
	size_t first, end;
	CXCursor head;
	int64_t vals[SW_VALS];
	int nv, dflt, brk;
	unsigned line;
};

struct swbody {
	CXCursor *st;
	size_t n, cap;
	int oom;
};

static enum CXChildVisitResult sw_collect(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct swbody *b = data;

	(void)parent;
	if (b->n == b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 32;
		CXCursor *v = realloc(b->st, cap * sizeof(*v));

		if (!v) {
			b->oom = 1;
			return CXChildVisit_Break;
		}
		b->st = v;
		b->cap = cap;
	}
	b->st[b->n++] = cur;
	return CXChildVisit_Continue;
}

/* the labels of statement st (case 1: case 2: default: ...) into g, and
 * the statement under them; -1 a label that is no constant or too many */
static int sw_labels(const struct ctx *c, CXCursor st, struct swseg *g)
{
	struct kids k;
	int64_t v;

	where(st, &g->line, NULL, NULL);
	for (;;) {
		enum CXCursorKind kd = clang_getCursorKind(st);

		if (kd != CXCursor_CaseStmt && kd != CXCursor_DefaultStmt)
			break;
		kids_of(st, &k);
		if (kd == CXCursor_DefaultStmt) {
			if (k.n != 1)
				return -1;
			g->dflt = 1;
		} else {
			if (k.n != 2 || g->nv >= SW_VALS ||
			    eval_int(c, k.c[0], &v) < 0)
				return -1;
			g->vals[g->nv++] = v;
		}
		st = k.c[k.n - 1];
	}
	g->head = st;
	return 0;
}

static enum CXChildVisitResult last_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = cur;
	return CXChildVisit_Continue;
}

/* whether statement st leaves the switch (break, return, continue,
 * goto; the last of a { } block's statements does) */
static int sw_ends(CXCursor st)
{
	enum CXCursorKind kd = clang_getCursorKind(st);
	CXCursor last = clang_getNullCursor();
	int depth;

	for (depth = 0; kd == CXCursor_CompoundStmt && depth < 16; depth++) {
		clang_visitChildren(st, last_visit, &last);
		if (clang_Cursor_isNull(last))
			return 0;
		st = last;
		kd = clang_getCursorKind(st);
	}
	return kd == CXCursor_BreakStmt || kd == CXCursor_ReturnStmt ||
	       kd == CXCursor_ContinueStmt || kd == CXCursor_GotoStmt;
}

/* the arms of body b: n of them into g, or -1 (a label that is not a
 * constant, a label inside a statement, too many arms) */
static int sw_segs(const struct ctx *c, const struct swbody *b, struct swseg *g,
		   int *n)
{
	size_t i;
	int k = -1;

	for (i = 0; i < b->n; i++) {
		enum CXCursorKind kd = clang_getCursorKind(b->st[i]);

		if (kd == CXCursor_CaseStmt || kd == CXCursor_DefaultStmt) {
			if (++k >= SW_SEGS)
				return -1;
			memset(&g[k], 0, sizeof(g[k]));
			g[k].first = i;
			if (sw_labels(c, b->st[i], &g[k]) < 0)
				return -1;
		}
		if (k >= 0)
			g[k].end = i + 1;
	}
	for (i = 0; (int)i <= k; i++)
		g[i].brk =
			sw_ends(g[i].end - 1 > g[i].first ? b->st[g[i].end - 1]
							  : g[i].head);
	*n = k + 1;
	return 0;
}

/* the arm value v enters: its case's, else default's, else -1 */
static int sw_entry(const struct swseg *g, int n, int64_t v)
{
	int i, j, d = -1;

	for (i = 0; i < n; i++) {
		for (j = 0; j < g[i].nv; j++)
			if (g[i].vals[j] == v)
				return i;
		if (g[i].dflt)
			d = i;
	}
	return d;
}

/* the statements of arm g into blk */
static void sw_walk(struct ctx *c, const struct swbody *b,
		    const struct swseg *g, struct iol_cblock *blk)
{
	size_t i;

	c->prev_ok = 0;
	walk(c, g->head, blk);
	for (i = g->first + 1; i < g->end && !c->rc; i++) {
		c->prev = b->st[i - 1];
		c->prev_ok = 1;
		walk(c, b->st[i], blk);
	}
}

/* the iterations of loop blk (its counter on the stack) that run each
 * arm, into runs; -1 when not known */
static int sw_iv(const struct ctx *c, CXCursor cond,
		 const struct iol_cblock *blk, const struct swseg *g, int n,
		 int64_t *runs)
{
	const struct ivar *iv;
	struct ivx x[IVX_MAX];
	int nx = 0, top, e;
	int64_t it, v;

	if (c->niv < 1 || c->iv[c->niv - 1].blk != blk ||
	    blk->kind != IOL_CB_LOOP || blk->trip < 0 || blk->trip > 65536)
		return -1;
	iv = &c->iv[c->niv - 1];
	if ((top = ivx_build(c, cond, iv->var, x, &nx, 0)) < 0)
		return -1;
	memset(runs, 0, (size_t)n * sizeof(*runs));
	for (it = 0; it < blk->trip; it++) {
		if (ivx_eval(x, top, iv->a + it * iv->s, &v) < 0)
			return -1;
		for (e = sw_entry(g, n, v); e >= 0 && e < n; e++) {
			runs[e]++;
			if (g[e].brk)
				break;
		}
	}
	return 0;
}

/* arm b of a switch on parameter p: the values that run it (its own
 * labels and those of the arms falling into it) */
static void sw_cases(struct ctx *c, struct iol_cblock *b, int p,
		     const struct swseg *g, int s, const int64_t *all, int nall)
{
	int64_t *v;
	int i, j, m = 0;

	for (i = s; i > 0 && !g[i - 1].brk; i--)
		;
	for (j = i; j <= s; j++)
		m += g[j].nv;
	if (!(v = zalloc(c, (size_t)(m ? m : 1) * sizeof(*v))))
		return;
	b->ncases = 0;
	for (j = i; j <= s; j++) {
		memcpy(v + b->ncases, g[j].vals, (size_t)g[j].nv * sizeof(*v));
		b->ncases += g[j].nv;
		b->case_dflt |= g[j].dflt;
	}
	b->cases = v;
	b->case_all = all;
	b->ncase_all = nall;
	b->cond_param = p;
	b->cond_op = "case";
	b->cond_k = 0;
	b->cond_neg = 0;
}

/*
 * switch (cond) { case ...: }: a value the source or the assumptions fix
 * runs the arm it enters and those it falls into, alone; on the counter
 * of the loop around it, each arm counts the iterations that run it; on
 * a parameter, the call sites decide; else each arm is what it makes if
 * it runs (upto) and the switch counts its largest entry.
 */
static void walk_switch(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	struct kids k;
	struct swbody body = {0};
	struct swseg *g = NULL;
	int64_t v, runs[SW_SEGS], *all = NULL;
	int i, n = 0, as = 0, p, iv, nall = 0;
	unsigned alt = ++c->alt;
	CXCursor cond;

	kids_of(cur, &k);
	if (k.n < 2 || k.n > 8) {
		walk_kids(c, cur, blk);
		return;
	}
	for (i = 0; i + 1 < (int)k.n; i++)
		walk(c, k.c[i], blk);
	cond = k.c[k.n - 2];
	if (clang_getCursorKind(k.c[k.n - 1]) == CXCursor_CompoundStmt)
		clang_visitChildren(k.c[k.n - 1], sw_collect, &body);
	if (body.oom)
		c->rc = IOL_ENOMEM;
	if (body.n && !c->rc && !(g = malloc(SW_SEGS * sizeof(*g))))
		c->rc = IOL_ENOMEM;
	if (!g || sw_segs(c, &body, g, &n) < 0 || !n) {
		walk_arm(c, k.c[k.n - 1], blk, alt);
		goto out;
	}
	if (eval_as(c, cond, &v, c->nassume ? &as : NULL) == 0) {
		for (i = sw_entry(g, n, v); i >= 0 && i < n && !c->rc; i++) {
			sw_walk(c, &body, &g[i], blk);
			if (g[i].brk)
				break;
		}
		goto out;
	}
	iv = sw_iv(c, cond, blk, g, n, runs) == 0;
	p = iv ? -1 : param_of(c, cond);
	if (p >= 0) {
		for (i = 0; i < n; i++)
			nall += g[i].nv;
		if ((all = zalloc(c, (size_t)(nall ? nall : 1) * sizeof(*all))))
			for (nall = 0, i = 0; i < n; i++) {
				memcpy(all + nall, g[i].vals,
				       (size_t)g[i].nv * sizeof(*all));
				nall += g[i].nv;
			}
	}
	for (i = 0; i < n && !c->rc; i++) {
		struct iol_cblock *b;

		c->cond++;
		b = new_block(c, IOL_CB_BRANCH, blk, g[i].line);
		if (b) {
			b->alt = alt;
			b->falls = !g[i].brk && i + 1 < n;
			if (iv)
				b->iv_runs = runs[i];
			else if (p >= 0 && all)
				sw_cases(c, b, p, g, i, all, nall);
			else
				b->upto = 1;
			sw_walk(c, &body, &g[i], b);
		}
		c->cond--;
	}
out:
	free(g);
	free(body.st);
}

static void walk_kind(struct ctx *c, CXCursor cur, struct iol_cblock *blk,
		      enum CXCursorKind kd);

/* the close of a C++ file stream's destructor, at line */
static void add_dtor(struct ctx *c, struct iol_cblock *blk,
		     const struct svar *v, unsigned line)
{
	struct iol_ccall *cc = line_call(c, blk, line, 0);
	char buf[128];
	const char *cls = strrchr(v->cls, ':');

	if (!cc)
		return;
	snprintf(buf, sizeof(buf), "%s::~%s", v->cls, cls ? cls + 1 : v->cls);
	cc->name = iol_arena_strdup(&c->t->arena, buf);
	if (!cc->name) {
		c->rc = IOL_ENOMEM;
		cc->name = v->cls;
	}
	cc->api = IOL_CAPI_STDIO;
	cc->op = IOL_COP_CLOSE;
	cc->bufsize = IOL_CBUF_CXX;
	cc->dtor = 1;
	cc->flushes = v->dirty;
}

static enum CXChildVisitResult dtor_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(cur) != CXCursor_Destructor)
		return CXChildVisit_Continue;
	*(CXCursor *)data = cur;
	return CXChildVisit_Break;
}

/* the user destructor of class type t into *v (v->f NULL: the files
 * declare it but define it nowhere, its I/O unknown); 1 when there is
 * one, 0 none or the compiler's (implicit, = default) */
static int class_dtor(const struct ctx *c, CXType t, struct dvar *v)
{
	CXCursor decl, d = clang_getNullCursor();
	CXSourceLocation l;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record)
		return 0;
	decl = clang_getCursorDefinition(clang_getTypeDeclaration(t));
	if (clang_Cursor_isNull(decl))
		return 0;
	clang_visitChildren(decl, dtor_visit, &d);
	if (clang_Cursor_isNull(d))
		return 0;
	v->d = d;
	if ((v->f = find_fn(c, d)) != NULL)
		return 1;
	l = clang_getCursorLocation(d);
	return !clang_CXXMethod_isDefaulted(d) &&
	       (clang_Location_isFromMainFile(l) || project_header(d));
}

/*
 * A local object (not static, not a reference or pointer) of a class
 * whose destructor the files define: its destructor runs at the end of
 * the scope, its I/O there (issue 33 D4: the fsync of a journal's
 * destructor was in no predicted block).
 */
static void note_dvar(struct ctx *c, CXCursor var)
{
	struct dvar d, *v;

	if (clang_Cursor_hasVarDeclGlobalStorage(var) == 1 ||
	    !class_dtor(c, clang_getCursorType(var), &d))
		return;
	if (c->ndvars == c->capdvars) {
		size_t cap = c->capdvars ? c->capdvars * 2 : 8;

		if (!(v = realloc(c->dvars, cap * sizeof(*v)))) {
			c->rc = IOL_ENOMEM;
			return;
		}
		c->dvars = v;
		c->capdvars = cap;
	}
	c->dvars[c->ndvars++] = d;
}

/* a call of user destructor v at line (a scope's brace, a delete) */
static void add_user_dtor(struct ctx *c, struct iol_cblock *blk,
			  const struct dvar *v, unsigned line)
{
	struct iol_ccall *cc = line_call(c, blk, line, 0);

	if (!cc)
		return;
	cc->api = IOL_CAPI_USER;
	if (!v->f) { /* as add_nobody() */
		cc->op = IOL_COP_LIB;
		cc->nobody = 1;
		cc->name = qual_name(c, v->d);
		note_nobody(c, cc->name);
		return;
	}
	cc->op = IOL_COP_CALL;
	cc->callee = v->f->blk;
	cc->name = v->f->blk->function;
}

/* `delete p` of an object whose class's destructor the files define */
static void walk_delete(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	struct kids k;
	struct dvar v;
	unsigned line;

	kids_of(cur, &k);
	if (k.n == 1 &&
	    class_dtor(c, clang_getPointeeType(clang_getCursorType(k.c[0])),
		       &v)) {
		where(cur, &line, NULL, NULL);
		add_user_dtor(c, blk, &v, line);
	}
	walk_kids(c, cur, blk);
}

/* a compound statement: the C++ file streams declared in it and still
 * open are closed by their destructors at its closing brace, the last
 * declared first; so are the local objects of classes whose destructors
 * the files define */
static void walk_scope(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	size_t mark = c->nsvars, dmark = c->ndvars, i;
	CXSourceRange r = clang_getCursorExtent(cur);
	unsigned line = 0;

	walk_kids(c, cur, blk);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, &line, NULL,
				   NULL);
	for (i = c->ndvars; i > dmark && !c->rc; i--)
		add_user_dtor(c, blk, &c->dvars[i - 1], line);
	c->ndvars = dmark;
	for (i = c->nsvars; i > mark && !c->rc; i--)
		if (c->svars[i - 1].open)
			add_dtor(c, blk, &c->svars[i - 1], line);
	c->nsvars = mark;
}

static void walk(struct ctx *c, CXCursor cur, struct iol_cblock *blk)
{
	enum CXCursorKind kd = clang_getCursorKind(cur);

	if (c->rc || c->depth >= MAX_DEPTH) {
		c->prev_ok = 0;
		return;
	}
	c->depth++;
	walk_kind(c, cur, blk, kd);
	c->depth--;
}

static void walk_kind(struct ctx *c, CXCursor cur, struct iol_cblock *blk,
		      enum CXCursorKind kd)
{
	CXCursor prev = c->prev_ok ? c->prev : clang_getNullCursor();
	CXCursor comp = c->prev_ok ? c->pcomp : clang_getNullCursor();
	struct iol_cblock *b;
	unsigned line;

	c->prev_ok = 0;
	switch (kd) {
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_CXXForRangeStmt:
		where(cur, &line, NULL, NULL);
		b = new_block(c, IOL_CB_LOOP, blk, line);
		if (!b)
			return;
		if (kd == CXCursor_ForStmt)
			b->trip = trip_for(c, cur, b);
		else if (kd == CXCursor_CXXForRangeStmt)
			b->trip = trip_range(cur);
		else
			b->trip = while_trip(c, cur, prev, comp, b,
					     kd == CXCursor_DoStmt);
		if (kd == CXCursor_ForStmt)
			iv_push(c, cur, b);
		walk_kids(c, cur, b);
		if (c->niv > 0 && c->iv[c->niv - 1].blk == b)
			c->niv--;
		return;
	case CXCursor_IfStmt:
	case CXCursor_ConditionalOperator: walk_if(c, cur, blk); return;
	case CXCursor_SwitchStmt: walk_switch(c, cur, blk); return;
	case CXCursor_CallExpr: {
		struct iol_ccall *endl = NULL;

		add_call(c, cur, blk, &endl);
		walk_kids(c, cur, blk);
		if (endl)
			stream_state(c, cur, endl,
				     line_block(c, blk, endl->line));
		return;
	}
	case CXCursor_CompoundStmt: walk_scope(c, cur, blk); return;
	case CXCursor_CXXDeleteExpr: walk_delete(c, cur, blk); return;
	case CXCursor_ReturnStmt: {
		struct kids k;

		kids_of(cur, &k);
		if (k.n == 1)
			fstream_escapes(c, k.c[0]);
		walk_kids(c, cur, blk);
		return;
	}
	case CXCursor_VarDecl: {
		CXCursor saved = c->decl;

		note_svar(c, cur);
		note_dvar(c, cur);
		c->decl = cur;
		walk_kids(c, cur, blk);
		c->decl = saved;
		return;
	}
	case CXCursor_BinaryOperator: {
		/* f = fopen(...): f, as a declaration's initializer */
		CXCursor saved = c->decl;
		struct kids k;

		kids_of(cur, &k);
		if (k.n == 2 && !strcmp(binop(c, k.c[0]), "=")) {
			note_once(c, blk, k.c[0], k.c[1]);
			c->decl = stream_var(k.c[0]);
			fstream_escapes(c, k.c[1]);
			fstream_stored(c, c->decl, k.c[1]);
		}
		walk_kids(c, cur, blk);
		c->decl = saved;
		return;
	}
	default: walk_kids(c, cur, blk); return;
	}
}

/* ---- functions ---- */

static int is_function(enum CXCursorKind kd)
{
	return kd == CXCursor_FunctionDecl || kd == CXCursor_CXXMethod ||
	       kd == CXCursor_Constructor || kd == CXCursor_Destructor ||
	       kd == CXCursor_ConversionFunction ||
	       kd == CXCursor_FunctionTemplate;
}

/* "ns::Class::name" */
static const char *qual_name(struct ctx *c, CXCursor cur)
{
	char buf[1024];
	size_t len = 0;
	CXCursor p = cur;
	const char *parts[16];
	int n = 0, i;

	while (n < 16 && !clang_Cursor_isNull(p) &&
	       clang_getCursorKind(p) != CXCursor_TranslationUnit) {
		enum CXCursorKind kd = clang_getCursorKind(p);

		if (is_function(kd) || kd == CXCursor_Namespace ||
		    kd == CXCursor_ClassDecl || kd == CXCursor_StructDecl ||
		    kd == CXCursor_ClassTemplate)
			parts[n++] = keep(c, clang_getCursorSpelling(p));
		p = clang_getCursorSemanticParent(p);
	}
	buf[0] = '\0';
	for (i = n - 1; i >= 0; i--) {
		int w = snprintf(buf + len, sizeof(buf) - len, "%s%s",
				 i == n - 1 ? "" : "::", parts[i]);

		if (w < 0 || (size_t)w >= sizeof(buf) - len)
			break;
		len += (size_t)w;
	}
	{
		char *q = iol_arena_strdup(&c->t->arena, buf);

		if (!q)
			c->rc = IOL_ENOMEM;
		return q ? q : "";
	}
}

/* the path of the file cur is in */
static const char *cursor_file(struct ctx *c, CXCursor cur)
{
	CXFile f = NULL;
	CXString n;
	const char *q;

	clang_getExpansionLocation(clang_getCursorLocation(cur), &f, NULL, NULL,
				   NULL);
	if (!f)
		return c->file;
	n = clang_getFileName(f);
	q = keep(c, n);
	while (q && q[0] == '.' && q[1] == '/') /* "./x.h": as given, x.h */
		q += 2;
	return q && *q ? q : c->file;
}

/*
 * Whether cur is in a header of the program's own: not a system header
 * (<...> of the compiler's paths), nor one installed under /usr or /opt
 * (a library's, given with -I).  Its functions (inline, templates) are
 * followed as the given files' are (issue 33 D6: a header-only writer's
 * 25 writes counted 0).
 */
static int project_header(CXCursor cur)
{
	CXSourceLocation l = clang_getCursorLocation(cur);
	CXFile f = NULL;
	CXString n;
	const char *s;
	int yes;

	if (clang_Location_isInSystemHeader(l))
		return 0;
	clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return 0;
	n = clang_getFileName(f);
	s = clang_getCString(n);
	yes = s && *s && strncmp(s, "/usr/", 5) != 0 &&
	      strncmp(s, "/opt/", 5) != 0;
	clang_disposeString(n);
	return yes;
}

/* whether a function of USR usr is listed already (a header's, which
 * every file including it defines) */
static int listed(const struct ctx *c, const char *usr)
{
	size_t k;

	if (!usr || !*usr)
		return 0;
	for (k = 0; k < c->nfns; k++)
		if (!strcmp(c->fns[k].usr, usr))
			return 1;
	return 0;
}

/* the functions of the files whose address is taken: named other than
 * as a call's callee (fp = f, a table {f, g}, a callback argument) in
 * the sources given (iol_cblock.addr) */
static enum CXChildVisitResult addr_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct ctx *c = ((void **)data)[0];
	unsigned *callee = ((void **)data)[1], at;
	const struct fnrec **started = ((void **)data)[2];
	enum CXCursorKind kd = clang_getCursorKind(cur);
	const struct fnrec *f;
	struct kids k;
	CXString nm;
	int from;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(cur)))
		return CXChildVisit_Continue;
	if (kd == CXCursor_CallExpr) {
		/* its callee comes next in the walk: not an address; nor
		 * a thread's start or atexit()'s function (a call site of
		 * its own: iol_ccall.thread) */
		kids_of(cur, &k);
		*callee = 0;
		if (k.n)
			where(unwrap(k.c[0]), NULL, NULL, callee);
		nm = clang_getCursorSpelling(cur);
		*started = thread_start(c, cur, clang_getCString(nm), &from);
		clang_disposeString(nm);
	} else if (kd == CXCursor_DeclRefExpr &&
		   (where(cur, NULL, NULL, &at), at != *callee) &&
		   (f = find_fn(c, clang_getCursorReferenced(cur))) != NULL &&
		   f != *started) {
		f->blk->addr = 1;
	}
	return CXChildVisit_Recurse;
}

/* an attribute of a function: destructor or constructor (libclang
 * exposes neither as a kind of its own, so told by its tokens) */
static enum CXChildVisitResult rt_attr_visit(CXCursor cur, CXCursor parent,
					     CXClientData data)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(cur);
	CXToken *tk = NULL;
	unsigned nt = 0, i;

	(void)parent;
	if (!clang_isAttribute(clang_getCursorKind(cur)))
		return CXChildVisit_Continue;
	clang_tokenize(tu, clang_getCursorExtent(cur), &tk, &nt);
	for (i = 0; i < nt && !*(int *)data; i++) {
		CXString sp = clang_getTokenSpelling(tu, tk[i]);
		const char *w = clang_getCString(sp);

		*(int *)data = w && (strstr(w, "destructor") ||
				     strstr(w, "constructor"));
		clang_disposeString(sp);
	}
	if (tk)
		clang_disposeTokens(tu, tk, nt);
	return CXChildVisit_Continue;
}

/* a function the C runtime runs once a process, uncalled by the sources
 * (issue 33 D3: a destructor's constant I/O was unknown in the join) */
static int runtime_called(CXCursor fn)
{
	int yes = 0;

	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl)
		clang_visitChildren(fn, rt_attr_visit, &yes);
	return yes;
}

static enum CXChildVisitResult list_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	struct ctx *c = data;
	enum CXCursorKind kd = clang_getCursorKind(cur);
	struct fnrec *f;
	unsigned line;
	const char *file;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(cur)) &&
	    !project_header(cur))
		return CXChildVisit_Continue;
	if (kd == CXCursor_Namespace || kd == CXCursor_ClassDecl ||
	    kd == CXCursor_StructDecl || kd == CXCursor_ClassTemplate ||
	    kd == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if (!is_function(kd) || !clang_isCursorDefinition(cur))
		return CXChildVisit_Continue;
	if (c->nfns == c->capfns) {
		size_t cap = c->capfns ? c->capfns * 2 : 64;
		struct fnrec *g = realloc(c->fns, cap * sizeof(*g));

		if (!g) {
			c->rc = IOL_ENOMEM;
			return CXChildVisit_Break;
		}
		c->fns = g;
		c->capfns = cap;
	}
	f = &c->fns[c->nfns];
	memset(f, 0, sizeof(*f));
	f->cur = cur;
	f->usr = (char *)keep(c, clang_getCursorUSR(cur));
	if (listed(c, f->usr))
		return CXChildVisit_Continue;
	where(cur, &line, NULL, NULL);
	file = c->file;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(cur)))
		c->file = cursor_file(c, cur);
	f->blk = new_block(c, IOL_CB_FUNCTION, NULL, line);
	c->file = file;
	if (!f->blk)
		return CXChildVisit_Break;
	f->blk->function = qual_name(c, cur);
	f->blk->conditional = 0;
	f->blk->at_exit = runtime_called(cur);
	c->nfns++;
	return c->rc ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* the body of a function: its compound statement */
static enum CXChildVisitResult body_visit(CXCursor cur, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(cur) == CXCursor_CompoundStmt)
		*(CXCursor *)data = cur;
	return CXChildVisit_Continue;
}

/* a stream of the function's, written since its last flush, that
 * exit() flushes as its own: not a global's (stored in one, g = f,
 * the global's record counts it), not unbuffered */
static int main_owns(const struct ctx *c, const struct fvar *v)
{
	return v->dirty && !v->gusr &&
	       clang_Cursor_hasVarDeclGlobalStorage(v->var) != 1 &&
	       var_buf(c, v->var) != 0;
}

static unsigned main_dirty(const struct ctx *c)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < c->nfvars; i++)
		n += main_owns(c, &c->fvars[i]);
	return n;
}

/* a function's own FILE * variables (not parameters, not static)
 * written and open at its end, neither returned nor stored: exit()
 * flushes them, after main returns (none when it exits itself) */
static unsigned fn_leaks(struct ctx *c)
{
	unsigned n = 0;
	size_t i;

	for (i = 0; i < c->nfvars; i++) {
		struct fvar *v = &c->fvars[i];

		if (!v->dirty || v->escaped ||
		    clang_getCursorKind(v->var) != CXCursor_VarDecl ||
		    clang_Cursor_hasVarDeclGlobalStorage(v->var) == 1 ||
		    var_buf(c, v->var) == 0)
			continue;
		exit_rest(c, v, c->fnblk);
		n++;
	}
	return n;
}

/* main's own streams written and open at its end: exit() flushes them
 * after main returns (unless main called exit() itself, or a function
 * main calls exits: exit_via()) */
static void main_leaks(struct ctx *c)
{
	struct gstream *g;
	size_t k;

	c->main_file = c->file;
	if (c->exit_lb)
		return;
	c->fnblk->leaks = main_dirty(c);
	for (k = 0; k < c->nfvars; k++)
		if (main_owns(c, &c->fvars[k]))
			exit_rest(c, &c->fvars[k], c->fnblk);
	/* a global stream main flushed (or opened) after its last write
	 * and its last call of a function of the files: empty when main
	 * returns, nothing for exit() to flush */
	for (k = 0; k < c->nfvars; k++)
		if (!c->fvars[k].dirty &&
		    clang_Cursor_hasVarDeclGlobalStorage(c->fvars[k].var) ==
			    1 &&
		    (g = gstream_of(c, c->fvars[k].var)))
			g->clean = 1;
}

/* a function of the files main calls: main's streams written since
 * their last flush and not given to it, for its exit() if it has one */
static void main_calls(struct ctx *c, CXCursor call, const struct fnrec *f)
{
	int i, n = clang_Cursor_getNumArguments(call);
	struct mcall *m;
	struct fvar *v;
	unsigned given = 0;
	size_t k;

	if (!c->fnblk || strcmp(c->fnblk->function, "main") != 0)
		return;
	if (c->nmcalls == c->capmcalls) {
		size_t cap = c->capmcalls ? c->capmcalls * 2 : 8;

		if (!(m = realloc(c->mcalls, cap * sizeof(*m)))) {
			c->rc = IOL_ENOMEM;
			return;
		}
		c->mcalls = m;
		c->capmcalls = cap;
	}
	/* each stream once: f(out, out) gives one (counted twice, the
	 * difference wrapped around to 4 billion flushes) */
	for (k = 0; k < c->nfvars; k++) {
		v = &c->fvars[k];
		if (!main_owns(c, v))
			continue;
		for (i = 0; i < n; i++)
			if (fvar_of(c,
				    stream_var(clang_Cursor_getArgument(
					    call, (unsigned)i)),
				    0) == v) {
				given++;
				break;
			}
	}
	m = &c->mcalls[c->nmcalls++];
	m->f = f;
	m->dirty = main_dirty(c) - given;
	m->cond = c->cond;
}

/* a FILE * variable returned or stored (var = f): not left open by
 * this function */
static void fstream_escapes(struct ctx *c, CXCursor expr)
{
	struct fvar *v = fvar_of(c, stream_var(expr), 0);

	if (v)
		v->escaped = 1;
}

/* g = f, a FILE * variable stored in a global one: the global's record
 * is the stream's for exit() (written when f was, or is later) */
static void fstream_stored(struct ctx *c, CXCursor g, CXCursor expr)
{
	struct fvar *v = fvar_of(c, stream_var(expr), 0);
	struct gstream *gs;

	if (!v || clang_Cursor_isNull(g) ||
	    clang_getCursorKind(g) != CXCursor_VarDecl ||
	    clang_Cursor_hasVarDeclGlobalStorage(g) != 1 ||
	    !(gs = gstream_of(c, g)))
		return;
	v->gusr = gs->usr;
	if (v->dirty)
		gs->written = 1;
}

static int walk_fn(struct ctx *c, struct fnrec *f)
{
	CXCursor body = clang_getNullCursor();

	clang_visitChildren(f->cur, body_visit, &body);
	if (clang_Cursor_isNull(body))
		return 0;
	c->fnblk = f->blk;
	c->niv = 0;
	c->fn = f;
	c->fncur = f->cur;
	c->cond = 0;
	c->nonces = 0;
	c->ncrefs = 0;
	c->nbufs = 0;
	c->nsvars = 0;
	c->ndvars = 0;
	c->nfvars = 0;
	c->pused = 0;
	c->nwr = 0;
	c->decl = clang_getNullCursor();
	if (load_tokens(c, f->cur) < 0)
		return c->rc;
	walk_scope(c, body, f->blk);
	if (!strcmp(f->blk->function, "main"))
		main_leaks(c);
	else if (!f->exit_lb)
		f->blk->leaks = fn_leaks(c);
	c->leaks |= f->blk->leaks != 0;
	return c->rc;
}

/* ---- files ---- */

static int is_cxx(const char *path)
{
	static const char *const ext[] = {".cc", ".cpp", ".cxx", ".c++", ".C",
					  ".hh", ".hpp", ".hxx", ".H",	 NULL};
	const char *dot = strrchr(path, '.');
	int i;

	for (i = 0; dot && ext[i]; i++)
		if (strcmp(dot, ext[i]) == 0)
			return 1;
	return 0;
}

static int note_diags(struct ctx *c, CXTranslationUnit tu, const char *file)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	struct iol_cdiag *d = NULL;

	for (i = 0; i < n; i++) {
		CXDiagnostic g = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sv = clang_getDiagnosticSeverity(g);

		if (sv >= CXDiagnostic_Error) {
			if (!d) {
				d = zalloc(c, sizeof(*d));
				if (!d) {
					clang_disposeDiagnostic(g);
					return c->rc;
				}
				d->file = file;
				d->ccdb = c->ccdb;
				d->given = c->given;
				d->first = keep(
					c,
					clang_formatDiagnostic(
						g,
						CXDiagnostic_DisplaySourceLocation |
							CXDiagnostic_DisplayColumn));
				d->next = c->t->diags;
				c->t->diags = d;
			}
			d->errors++;
		}
		clang_disposeDiagnostic(g);
	}
	return c->rc;
}

struct unit {
	CXTranslationUnit tu;
	size_t fn_from, fn_to; /* its functions in ctx.fns */
};

/* the file parsed with the stand-ins of stubs.h as unsaved files: MPI,
 * HDF5 and PnetCDF calls are seen by name when their headers are not on
 * the include path (without them clang drops each call that has an
 * undeclared type or constant in it, in C and C++ alike) */
static enum CXErrorCode parse_stubbed(CXIndex idx, const char *file,
				      const char *const *av, int n,
				      CXTranslationUnit *tu)
{
	struct CXUnsavedFile uf[8];
	int ns, k;
	const struct iol_cstub *st = iol_cstubs(&ns);

	for (k = 0; k < ns && k < 8; k++) {
		uf[k].Filename = st[k].path;
		uf[k].Contents = st[k].text;
		uf[k].Length = (unsigned long)strlen(st[k].text);
	}
	return clang_parseTranslationUnit2(idx, file, av, n, uf, (unsigned)k,
					   CXTranslationUnit_KeepGoing, tu);
}

static int parse_one(struct ctx *c, CXIndex idx, const char *file,
		     const char *const *args, int nargs, struct unit *u,
		     struct iol_error *err)
{
	const char **av;
	enum CXErrorCode ec;
	FILE *fp = fopen(file, "r");
	int i, n = 0;

	if (!fp) {
		int e = errno;

		iol_error_set(err, IOL_EIO, "cannot open '%s': %s", file,
			      strerror(e));
		if (err)
			err->sys = e;
		return IOL_EIO;
	}
	fclose(fp);
	c->ccdb = NULL;
	c->given = nargs > 0;
	if (nargs == 0) {
		/* none given: the build's, when it wrote them down */
		const char **dbargs;
		int k = iol_ccdb_args(file, &c->t->arena, &dbargs, &c->ccdb);

		if (k < 0)
			return iol_error_set(err, k, "out of memory");
		if (k > 0) {
			args = dbargs;
			nargs = k;
		}
	}
	av = calloc((size_t)nargs + 4, sizeof(*av));
	if (!av)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (is_cxx(file)) {
		av[n++] = "-x";
		av[n++] = "c++";
	}
	for (i = 0; i < nargs; i++)
		av[n++] = args[i];
	/* after every other directory: a real mpi.h on the path wins */
	av[n++] = "-idirafter";
	av[n++] = IOL_CSTUB_DIR;
	ec = parse_stubbed(idx, file, av, n, &u->tu);
	free(av);
	if (ec != CXError_Success || !u->tu) {
		u->tu = NULL;
		return iol_error_set(err, IOL_ECORRUPT,
				     "'%s': libclang could not parse it "
				     "(error %d)",
				     file, (int)ec);
	}
	c->tu = u->tu;
	c->file = iol_arena_strdup(&c->t->arena, file);
	if (!c->file)
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	if (note_diags(c, u->tu, c->file) < 0)
		return iol_error_set(err, c->rc, "out of memory");
	u->fn_from = c->nfns;
	clang_visitChildren(clang_getTranslationUnitCursor(u->tu), list_visit,
			    c);
	u->fn_to = c->nfns;
	if (c->rc)
		return iol_error_set(err, c->rc, "out of memory");
	return 0;
}

/* the options' assumptions copied into the tree, where their uses are
 * counted (at most 64: eval_as() keeps them in a mask) */
static int copy_assume(struct ctx *c, const struct iol_cextract_opts *o,
		       struct iol_error *err)
{
	int i;

	if (o->nassume <= 0)
		return 0;
	if (o->nassume > 64 || !o->assume)
		return iol_error_set(err, IOL_EINVAL, "at most 64 assumptions");
	c->assume = zalloc(c, (size_t)o->nassume * sizeof(*c->assume));
	for (i = 0; c->assume && i < o->nassume; i++) {
		c->assume[i] = o->assume[i];
		c->assume[i].uses = 0;
		c->assume[i].name =
			iol_arena_strdup(&c->t->arena, o->assume[i].name);
		if (!c->assume[i].name)
			c->rc = IOL_ENOMEM;
	}
	if (c->rc)
		return iol_error_set(err, c->rc, "out of memory");
	c->nassume = o->nassume;
	c->t->assumed = c->assume;
	c->t->nassumed = c->nassume;
	return 0;
}

/* ---- buffers set in another function ---- */

/* every call, with the function it is in */
struct callrec {
	struct iol_ccall *cc;
	const struct iol_cblock *fn;
};

struct calls {
	struct callrec *v;
	size_t n, cap;
};

static int list_calls(struct calls *l, struct iol_cblock *b,
		      const struct iol_cblock *fn)
{
	struct iol_ccall *cc;
	struct iol_cblock *ch;

	for (cc = b->calls; cc; cc = cc->next) {
		if (l->n == l->cap) {
			size_t cap = l->cap ? 2 * l->cap : 64;
			struct callrec *v = realloc(l->v, cap * sizeof(*v));

			if (!v)
				return IOL_ENOMEM;
			l->v = v;
			l->cap = cap;
		}
		l->v[l->n].cc = cc;
		l->v[l->n++].fn = fn;
	}
	for (ch = b->first; ch; ch = ch->next)
		if (list_calls(l, ch, fn) < 0)
			return IOL_ENOMEM;
	return 0;
}

/* two settings of one stream: the same, or not known (-1) */
static int64_t buf_meet(int64_t a, int64_t b)
{
	return a == IOL_CUNKNOWN ? b : a == b ? a : -1;
}

/* the buffer of parameter p of fn over its call sites: what each passes
 * (a stream set up by setvbuf before the call, one passed on from the
 * caller's own parameter, else glibc's); IOL_CUNKNOWN when no site */
static int64_t param_buf(const struct calls *l, const struct iol_cblock *fn,
			 int p, int depth)
{
	int64_t r = IOL_CUNKNOWN, v;
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct iol_ccall *cc = l->v[i].cc;

		if (cc->op != IOL_COP_CALL || cc->callee != fn)
			continue;
		if (cc->thread || p >= cc->nargs || !cc->argbuf)
			return -1; /* arguments not followed */
		v = cc->argbuf[p];
		if (v == IOL_CUNKNOWN && cc->argp[p] >= 0 && depth < 3 &&
		    (!cc->argop || !cc->argop[p]))
			v = param_buf(l, l->v[i].fn, cc->argp[p], depth + 1);
		r = buf_meet(r, v == IOL_CUNKNOWN ? IOL_CBUF_STDIO : v);
	}
	return r;
}

/*
 * Whether every call of fn (one at least) gives its parameter p as the
 * same stream as one of the parameters in mask: then a flush of p after
 * theirs finds the buffer empty in any run of fn, and fn's own blocks
 * say so (a call that does not is left to the prediction's binding).
 */
static int param_same(const struct calls *l, const struct iol_cblock *fn, int p,
		      unsigned mask)
{
	size_t i;
	int n = 0;

	for (i = 0; i < l->n; i++) {
		const struct iol_ccall *cc = l->v[i].cc;

		if (cc->op != IOL_COP_CALL || cc->callee != fn)
			continue;
		if (cc->thread || p >= cc->nargs || !cc->argsame ||
		    !(cc->argsame[p] & mask))
			return 0;
		n++;
	}
	return n > 0;
}

static int64_t global_buf(const struct ctx *c, const char *usr)
{
	int64_t r = IOL_CUNKNOWN;
	size_t i;

	for (i = 0; i < c->ngbufs; i++)
		if (!strcmp(c->gbufs[i].usr, usr))
			r = buf_meet(r, c->gbufs[i].size);
	return r;
}

/*
 * A stream set up by setvbuf in one function and used in another: a
 * global FILE * takes its setvbuf's buffer wherever it is (two different
 * ones: not known), a parameter the buffer its callers' streams have
 * (all the same, else not known).
 */
static int resolve_bufs(struct ctx *c)
{
	struct calls l = {NULL, 0, 0};
	size_t i;
	int64_t v;

	for (i = 0; i < c->nfns; i++)
		if (list_calls(&l, c->fns[i].blk, c->fns[i].blk) < 0) {
			free(l.v);
			return IOL_ENOMEM;
		}
	for (i = 0; i < l.n; i++) {
		struct iol_ccall *cc = l.v[i].cc;

		if (cc->clean_params && cc->stream_param >= 0 &&
		    param_same(&l, l.v[i].fn, cc->stream_param,
			       cc->clean_params))
			cc->empty = 1;
		if (cc->api != IOL_CAPI_STDIO || cc->cxx)
			continue;
		v = IOL_CUNKNOWN;
		if (cc->stream_usr)
			v = global_buf(c, cc->stream_usr);
		else if (cc->stream_param >= 0)
			v = param_buf(&l, l.v[i].fn, cc->stream_param, 0);
		if (v != IOL_CUNKNOWN)
			cc->bufsize = v;
	}
	free(l.v);
	return 0;
}

/*
 * The write(2) exit() makes of each stream still written and open when
 * main returns (main's own, and global ones that no function closes), as
 * a function "[loader]": the root a trace folds exit's calls into.  NULL
 * when there are none (or no main).
 */
static struct iol_cblock *exit_flushes(struct ctx *c)
{
	struct iol_cblock *b, *m = NULL;
	struct iol_ccall **at;
	unsigned n = 0, i;
	size_t k;

	for (k = 0; k < c->ngs; k++)
		n += c->gs[k].written && !c->gs[k].closed &&
		     !(c->gs[k].clean && !c->exit_lb) &&
		     global_buf(c, c->gs[k].usr) != 0;
	for (k = 0; k < c->nfns && !m; k++)
		if (!strcmp(c->fns[k].blk->function, "main"))
			m = c->fns[k].blk;
	if (c->exit_lb) { /* at an exit() main does not return from */
		for (i = 0; i < n; i++)
			exit_write0(c, &c->exit_lb->calls);
		if (c->leaks && m) {
			exit_write0(c, &c->exit_lb->calls);
			c->exit_lb->calls->leaks_of = m;
			c->t->exit_leak = c->exit_lb->calls;
		}
		return NULL;
	}
	if ((!n && !c->leaks) || !c->main_file)
		return NULL;
	c->file = c->main_file;
	c->cond = 0;
	if (!(b = new_block(c, IOL_CB_FUNCTION, NULL, 0)))
		return NULL;
	b->function = IOL_CEXIT_ROOT;
	for (i = 0; i < n; i++)
		exit_write(c, &b->calls);
	/* what main and the functions it calls leave open, each main */
	for (k = 0, at = &b->calls; c->leaks && k < c->nfns; k++) {
		if (strcmp(c->fns[k].blk->function, "main") != 0)
			continue;
		exit_write(c, at);
		if (*at)
			(*at)->leaks_of = c->fns[k].blk;
	}
	return b;
}

/*
 * main's first call, not under a branch, of a function that exits (an
 * exit() not under a branch): main does not return, and exit() flushes
 * at that function's line main's streams written and not given to it,
 * and the global streams and those functions left open
 * (exit_flushes()).
 */
static void exit_via(struct ctx *c)
{
	size_t k;
	unsigned i;

	for (k = 0; k < c->nmcalls && !c->exit_lb; k++) {
		const struct mcall *m = &c->mcalls[k];

		if (m->cond || !m->f->exit_lb)
			continue;
		for (i = 0; i < m->dirty; i++)
			exit_write0(c, &m->f->exit_lb->calls);
		c->exit_lb = m->f->exit_lb;
		for (k = 0; k < c->nfns; k++)
			if (!strcmp(c->fns[k].blk->function, "main"))
				c->fns[k].blk->leaks = 0;
		return;
	}
}

static int extract(const char *const *files, int nfiles,
		   const struct iol_cextract_opts *o, struct iol_ctree **out,
		   struct iol_error *err)
{
	const char *const *args = o->args;
	int nargs = o->nargs;
	struct ctx c;
	struct unit *u;
	struct iol_cblock **fns = NULL;
	CXIndex idx;
	int i, rc = 0;
	size_t k;

	*out = NULL;
	if (nfiles <= 0 || !files || nargs < 0 || (nargs && !args))
		return iol_error_set(err, IOL_EINVAL, "no source files");
	memset(&c, 0, sizeof(c));
	c.t = calloc(1, sizeof(*c.t));
	u = calloc((size_t)nfiles, sizeof(*u));
	idx = clang_createIndex(0, 0);
	if (!c.t || !u || !idx) {
		rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
		goto done;
	}
	rc = copy_assume(&c, o, err);
	for (i = 0; i < nfiles && rc == 0; i++)
		rc = parse_one(&c, idx, files[i], args, nargs, &u[i], err);
	if (rc == 0 && c.nfns) {
		c.byusr = calloc(c.nfns, sizeof(*c.byusr));
		if (!c.byusr)
			rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
		for (k = 0; c.byusr && k < c.nfns; k++)
			c.byusr[k] = &c.fns[k];
		if (c.byusr)
			qsort(c.byusr, c.nfns, sizeof(*c.byusr), cmp_usr);
	}
	for (i = 0; i < nfiles && rc == 0 && c.byusr; i++) {
		unsigned callee = 0;
		const struct fnrec *started = NULL;
		void *ad[3] = {&c, &callee, (void *)&started};

		clang_visitChildren(clang_getTranslationUnitCursor(u[i].tu),
				    addr_visit, ad);
	}
	for (i = 0; i < nfiles && rc == 0; i++) {
		c.tu = u[i].tu;
		for (k = u[i].fn_from; k < u[i].fn_to && rc == 0; k++) {
			c.file = c.fns[k].blk->file;
			rc = walk_fn(&c, &c.fns[k]);
		}
		if (rc)
			rc = iol_error_set(err, rc, "out of memory");
	}
	if (rc == 0)
		exit_via(&c);
	if (rc == 0 && (rc = resolve_bufs(&c)) != 0)
		rc = iol_error_set(err, rc, "out of memory");
	if (rc == 0 && c.nfns) {
		fns = calloc(c.nfns + 1, sizeof(*fns));
		if (!fns)
			rc = iol_error_set(err, IOL_ENOMEM, "out of memory");
		for (k = 0; fns && k < c.nfns; k++)
			fns[k] = c.fns[k].blk;
		if (fns && (fns[k] = exit_flushes(&c)) != NULL)
			k++;
		if (c.rc)
			rc = iol_error_set(err, c.rc, "out of memory");
	}
	if (rc == 0)
		rc = iol_ctree_predict(c.t, fns, fns ? k : 0, err);
	free(fns);
done:
	for (i = 0; u && i < nfiles; i++)
		if (u[i].tu)
			clang_disposeTranslationUnit(u[i].tu);
	free(u);
	if (idx)
		clang_disposeIndex(idx);
	for (k = 0; k < c.nfns; k++)
		free(c.fns[k].grefs);
	free(c.fns);
	free(c.byusr);
	free(c.onces);
	free(c.crefs);
	free(c.bufs);
	free(c.svars);
	free(c.dvars);
	free(c.fvars);
	free(c.wr);
	free(c.mcalls);
	free(c.gs);
	free(c.gbufs);
	if (rc) {
		iol_ctree_free(c.t);
		return rc;
	}
	*out = c.t;
	return 0;
}

struct job {
	const char *const *files;
	const struct iol_cextract_opts *opts;
	int nfiles, rc;
	struct iol_ctree *out;
	struct iol_error *err;
};

static void *job_run(void *arg)
{
	struct job *j = arg;

	j->rc = extract(j->files, j->nfiles, j->opts, &j->out, j->err);
	return NULL;
}

/*
 * The work runs on a thread with a large stack: libclang and the walk
 * recurse as deep as the source nests (with LIBCLANG_NOTHREADS set, as
 * the command does, libclang parses on this thread too instead of one of
 * its own with 8 MiB).  Without the thread (no memory for its stack), on
 * the caller's.
 */
int iol_ctree_extract(const char *const *files, int nfiles,
		      const struct iol_cextract_opts *opts,
		      struct iol_ctree **out, struct iol_error *err)
{
	static const struct iol_cextract_opts none;
	struct job j = {files, opts ? opts : &none, nfiles, 0, NULL, err};
	pthread_attr_t attr;
	pthread_t th;
	int started = 0;

	*out = NULL;
	if (pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, STACK_SIZE) == 0 &&
		    pthread_create(&th, &attr, job_run, &j) == 0)
			started = 1;
		pthread_attr_destroy(&attr);
	}
	if (started)
		pthread_join(th, NULL);
	else
		job_run(&j);
	*out = j.out;
	return j.rc;
}

void iol_ctree_free(struct iol_ctree *t)
{
	if (!t)
		return;
	iol_arena_release(&t->arena);
	free(t->ranked);
	free(t);
}
