/*
 * The code blocks of a trace with stacks (analysis/blocks.h): each
 * distinct stack's path of blocks is made once (frames symbolized once
 * each, source files scanned for loops once each); each event then adds
 * to the blocks of its stack's path.  Memory follows the distinct
 * frames, stacks and blocks, never the number of calls.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/blocks.h"
#include "analysis/blocks-fold.h"
#include "base/grow.h"
#include "base/hash.h"
#include "model/event.h"
#include "model/stack.h"
#include "sources/modstamp.h"
#include "sources/symbols.h"
#include "base/banned.h"

#define MAX_LOOPS 16	     /* loops kept around one line */
#define MAX_BLOCKS (1 << 22) /* a tree larger than this is refused */

struct floc {
	const char *func, *file;
	int line, lib, done;
	/* the functions func was inlined into, innermost first, each with
	 * the file and line of the call (symbols.h) */
	int ninl;
	const char *inl_func[IOL_SYM_INLINE], *inl_file[IOL_SYM_INLINE];
	int inl_line[IOL_SYM_INLINE];
	/* what folds (analysis/blocks-fold.h): the launcher's name when
	 * the frame is its program's; MPI's call when it is MPI_Init or
	 * MPI_Finalize; a frame of the loader or the C start code; of MPI's
	 * libraries; of an executable (not a shared library) */
	const char *launch, *mpi;
	unsigned char loader, mpilib, image;
	/* named by its address alone: its binary has no symbol there (a
	 * binary gone since the trace, a stripped one) */
	unsigned char anon;
	/* no line in a binary that has DWARF: a library linked in
	 * statically without its own (libhdf5.a) */
	unsigned char nolines;
};

struct bnode {
	struct iol_block b;
	uint64_t key; /* hash of what makes it this block */
	uint32_t first_child, next;
};

#define MAX_MODS 64 /* the program's binaries checked */

struct iol_blocks_priv {
	struct iol_symbols *sym;
	char **strs;
	size_t nstrs, capstrs;
	struct iol_bmod mods[MAX_MODS]; /* state 0: as traced */
	size_t nmods;
};

struct build {
	double overhead; /* taken off each call's duration */
	/* strace -k: each call timed robustly (robust_groups()), the
	 * groups' per-call times sorted by key; cur the event's */
	int robust;
	struct rgroup *rg;
	size_t nrg;
	double cur;
	const struct iol_srcmap *srcmap; /* where sources moved */
	int nsrcmap;
	const struct iol_job *job;
	const struct iol_stacks *stk;
	struct iol_symbols *sym;
	struct iol_blocks_priv *priv;
	struct floc *fl; /* by frame id */
	struct bnode *nodes;
	size_t nn, capn;
	struct iol_index nix;
	uint32_t *paths; /* stack id -> its blocks: pstart/plen */
	size_t npaths, cappaths;
	size_t *pstart;
	uint32_t *plen;	 /* UINT32_MAX: not made yet */
	uint64_t *pairs; /* (block, file or process) seen */
	size_t npairs, cappairs;
	struct iol_index pix;
	struct lastend {
		int64_t pid;
		uint64_t file;
		int64_t end;
	} * le;
	size_t nle, caple;
	struct iol_index lix;
	int64_t maps, map_bytes, map_wbytes;
	/* the roots "[no stack]", "[loader]", "[MPI: library]",
	 * IOL_BLOCK_LDSO, -1 not made */
	int32_t nostack, loader_box, mpilib_box, ldso_box;
	/* what folds: per stack id, the launcher box of a stack with a
	 * launcher's frame (-1 none) and what its frames are; per process,
	 * the box of the launcher it last ran (its threads' stacks have no
	 * frame of it); the launchers' boxes */
	struct sinfo {
		int32_t launch;
		unsigned char done, image, fresh;
		unsigned char uncut; /* 0 not known, 1 no, 2 cut only in
					the C start frames (main kept) */
	} * si;
	int64_t uncut; /* calls of the uncut stacks, off the tracer's count */
	struct pstate {
		int64_t tgid;
		int32_t launch;
	} * ps;
	size_t nps, capps;
	struct iol_index psix;
	struct {
		const char *name;
		int32_t box;
	} launchers[8];
	int nlaunch;
	const char *first_launcher; /* its box's label */
	unsigned folded;	    /* IOL_BFOLD_* */
};

int iol_blocks_sort_parse(const char *s)
{
	static const char *const names[] = {"time", "bytes", "calls", "line"};
	int k;

	for (k = 0; k < 4; k++)
		if (!strcmp(s, names[k]))
			return k; /* IOL_BSORT_* in this order */
	return -1;
}

const char *iol_block_kind_name(int kind)
{
	return kind == IOL_BLOCK_LOOP	? "loop"
	       : kind == IOL_BLOCK_LINE ? "line"
					: "function";
}

static const char *keep(struct iol_blocks_priv *p, const char *s)
{
	char **ns, *c;

	if (!(ns = iol_grow(p->strs, &p->capstrs, p->nstrs, sizeof(*ns), 64)))
		return NULL;
	p->strs = ns;
	if (!(c = strdup(s)))
		return NULL;
	p->strs[p->nstrs++] = c;
	return c;
}

/* ---- frames ---- */

/* the system's shared libraries, by name: their frames are never the
 * program's code, whatever debug information is installed */
static int system_lib(const char *b)
{
	static const char *const pre[] = {
		"libc.so",	 "libc-",	"libm.so",    "libpthread",
		"libdl.",	 "librt.",	"libstdc++",  "libgcc_s",
		"ld-linux",	 "ld.so",	"ld64.so",    "libmpi",
		"libopen-pal",	 "libopen-rte", "libmpich",   "libpmix",
		"libfabric",	 "libucp",	"libucs",     "libuct",
		"libhwloc",	 "libevent",	"libiolens",  "libasan",
		"libtsan",	 "libubsan",	"libmvapich", "libpsm",
		"iolens-trace.", NULL};
	int i;

	for (i = 0; pre[i]; i++)
		if (!strncmp(b, pre[i], strlen(pre[i])))
			return 1;
	return 0;
}

/* A frame left out of paths that have the program's: a shared library
 * of the system, or any without DWARF; and strace's words for a frame
 * it could not unwind (no module).  "[stack cut]", the tracer's mark,
 * stays: it is the root of what was cut. */
static int is_lib(const struct iol_frame *f, int dwarf)
{
	const char *b = strrchr(f->module, '/');

	if (!*f->module)
		return strcmp(f->func, IOL_STACK_CUT) != 0;
	b = b ? b + 1 : f->module;
	return strstr(b, ".so") != NULL && (system_lib(b) || !dwarf);
}

/* a module the program's frames name, once, with whether it had DWARF */
static int note_module(struct build *bd, const char *module, int dwarf)
{
	struct iol_blocks_priv *p = bd->priv;
	size_t i;

	for (i = 0; i < p->nmods; i++)
		if (!strcmp(p->mods[i].path, module))
			return 0;
	if (p->nmods == MAX_MODS)
		return 0;
	if (!(p->mods[p->nmods].path = keep(p, module)))
		return IOL_ENOMEM;
	p->mods[p->nmods++].state = dwarf ? 0 : IOL_BMOD_NODEBUG;
	return 0;
}

/*
 * Whether the function strace -k named at a frame is another than the
 * binary's symbol at that address now: the binary was rebuilt after the
 * trace although the trace file looks newer (copied).  A return address
 * at a function's very start (offset 0) is the call just before it, at
 * the end of another function, and C++ names strace demangled are not
 * compared with the mangled symbol.
 */
static int names_disagree(const struct iol_frame *f, const char *sym)
{
	if (!*f->func || !sym || !f->off || !strcmp(f->func, sym))
		return 0;
	return strpbrk(f->func, ":( <") == NULL && strncmp(sym, "_Z", 2) != 0;
}

/*
 * Whether strace -k's "func+0xOFF" at a frame puts func elsewhere than
 * the binary's symbol of that name now: code moved inside the functions
 * (a rebuild that keeps the names, the trace copied after it; issue 33
 * D5).  The traced offset, and so the start it implies, is another.
 */
static int offsets_disagree(const struct iol_frame *f,
			    const struct iol_symloc *sl)
{
	if (!*f->func || !sl->sym || !f->off || strcmp(f->func, sl->sym))
		return 0;
	return sl->sym_off != f->off;
}

/* the program's module rebuilt since the trace, told by a name */
static int note_renamed(struct build *bd, const char *module, const char *was,
			const char *now)
{
	struct iol_blocks_priv *p = bd->priv;
	size_t i;

	for (i = 0; i < p->nmods; i++)
		if (!strcmp(p->mods[i].path, module))
			break;
	if (i == p->nmods || p->mods[i].traced_func)
		return 0;
	p->mods[i].state = IOL_BMOD_CHANGED;
	if (!(p->mods[i].traced_func = keep(p, was)) ||
	    !(p->mods[i].now_func = keep(p, now)))
		return IOL_ENOMEM;
	return 0;
}

/* the same, told by a function's start: both names with offsets */
static int note_moved(struct build *bd, const struct iol_frame *f,
		      const struct iol_symloc *sl)
{
	char was[300], now[300];

	snprintf(was, sizeof(was), "%s+0x%llx", f->func,
		 (unsigned long long)f->off);
	snprintf(now, sizeof(now), "%s+0x%llx", sl->sym,
		 (unsigned long long)sl->sym_off);
	return note_renamed(bd, f->module, was, now);
}

/* a frame strace -k named func+0xOFF that the binary has there: the
 * module's count of them (IOL_BMOD_NEWER) */
static void note_same(struct build *bd, const struct iol_frame *f,
		      const struct iol_symloc *sl)
{
	struct iol_blocks_priv *p = bd->priv;
	size_t i;

	if (!*f->func || !sl->sym || !f->off || strcmp(f->func, sl->sym) ||
	    sl->sym_off != f->off)
		return;
	for (i = 0; i < p->nmods; i++)
		if (!strcmp(p->mods[i].path, f->module)) {
			p->mods[i].same_frames++;
			return;
		}
}

static int frame_loc(struct build *bd, uint32_t fid, struct floc **out)
{
	struct floc *l = &bd->fl[fid];
	const struct iol_frame *f = iol_stacks_frame_at(bd->stk, fid);
	struct iol_symloc sl;
	char buf[512];
	int r;

	*out = l;
	if (l->done)
		return 0;
	l->done = 1;
	r = iol_symbols_lookup(bd->sym, f->module, f->addr, &sl);
	if (r < 0)
		return r;
	l->lib = is_lib(f, sl.has_dwarf);
	l->launch = *f->module ? iol_bfold_launcher(f->module) : NULL;
	l->mpilib = (unsigned char)iol_bfold_mpi_lib(f->module);
	l->image = *f->module && !strstr(f->module, ".so") && !l->launch;
	/* a launcher's frames fold into its box: its DWARF does not matter */
	if (!l->lib && *f->module && !l->launch &&
	    (r = note_module(bd, f->module, sl.has_dwarf)) < 0)
		return r;
	if (!l->lib && *f->module && !l->launch && names_disagree(f, sl.sym) &&
	    (r = note_renamed(bd, f->module, f->func, sl.sym)) < 0)
		return r;
	if (!l->lib && *f->module && !l->launch && offsets_disagree(f, &sl) &&
	    (r = note_moved(bd, f, &sl)) < 0)
		return r;
	if (!l->lib && *f->module && !l->launch)
		note_same(bd, f, &sl);
	l->nolines = sl.has_dwarf && !sl.file && *f->module && !l->launch;
	/* no source file: the binary stands for it */
	l->file = sl.file ? sl.file : f->module;
	l->line = sl.file ? sl.line : 0;
	l->ninl = sl.file ? sl.ninl : 0;
	for (r = 0; r < l->ninl; r++) {
		l->inl_func[r] = sl.inl_func[r];
		l->inl_file[r] = sl.inl_file[r] ? sl.inl_file[r] : l->file;
		l->inl_line[r] = sl.inl_line[r];
	}
	if (sl.func) {
		l->func = sl.func;
	} else if (*f->func) {
		l->func = f->func;
	} else {
		const char *b = strrchr(f->module, '/');

		/* the function's start when the unwind table tells it */
		if (sl.func_start)
			snprintf(buf, sizeof(buf), "%s@0x%llx",
				 b ? b + 1 : f->module,
				 (unsigned long long)sl.func_start);
		else
			snprintf(buf, sizeof(buf), "%s+0x%llx",
				 b ? b + 1 : f->module,
				 (unsigned long long)f->addr);
		if (!*f->module)
			snprintf(buf, sizeof(buf), "[unknown frame]");
		if (!(l->func = keep(bd->priv, buf)))
			return IOL_ENOMEM;
		l->anon = *f->module != '\0';
	}
	l->loader = (unsigned char)iol_bfold_loader(f->module, l->func);
	l->mpi = iol_bfold_mpi_call(l->func);
	return 0;
}

/* ---- blocks ---- */

static uint64_t node_key(int32_t parent, int kind, const char *func,
			 const char *file, int line)
{
	return iol_hash_pair(
		iol_hash_pair((uint64_t)(int64_t)parent, (uint64_t)kind),
		iol_hash_pair(
			iol_hash_pair(iol_hash_str(func), iol_hash_str(file)),
			(uint64_t)line));
}

struct nkey {
	const struct build *bd;
	int32_t parent;
	int kind;
	const char *func, *file;
	int line;
};

static int node_eq(const void *ctx, uint32_t i)
{
	const struct nkey *k = ctx;
	const struct iol_block *b = &k->bd->nodes[i].b;

	return b->parent == k->parent && b->kind == k->kind &&
	       b->line == k->line && !strcmp(b->func, k->func) &&
	       !strcmp(b->file, k->file);
}

static uint64_t node_hash(const void *ctx, uint32_t i)
{
	return ((const struct build *)ctx)->nodes[i].key;
}

/* the block (parent, kind, name, line), made when new: its index, or
 * < 0 (IOL_ENOMEM) */
static long node(struct build *bd, int32_t parent, int kind, const char *func,
		 const char *file, int line)
{
	struct nkey k = {bd, parent, kind, func, file, line};
	uint64_t h = node_key(parent, kind, func, file, line);
	struct bnode *nn;
	uint32_t *slot;

	if (bd->nix.slot) {
		slot = iol_index_slot(&bd->nix, h, node_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return (long)*slot;
	}
	if (bd->nn >= MAX_BLOCKS)
		return IOL_ENOMEM;
	if (iol_index_reserve(&bd->nix, node_hash, bd) < 0 ||
	    !(nn = iol_grow(bd->nodes, &bd->capn, bd->nn, sizeof(*nn), 64)))
		return IOL_ENOMEM;
	bd->nodes = nn;
	nn += bd->nn;
	memset(nn, 0, sizeof(*nn));
	nn->b.kind = kind;
	nn->b.parent = parent;
	nn->b.depth = parent < 0 ? 0 : bd->nodes[parent].b.depth + 1;
	nn->b.func = func;
	nn->b.file = file;
	nn->b.line = line;
	nn->b.first = INFINITY;
	nn->key = h;
	nn->first_child = nn->next = UINT32_MAX;
	slot = iol_index_slot(&bd->nix, h, node_eq, &k);
	*slot = (uint32_t)bd->nn;
	bd->nix.n++;
	return (long)bd->nn++;
}

/* add block i to the path being made */
static int path_push(struct build *bd, long i)
{
	uint32_t *np;

	if (i < 0)
		return (int)i;
	if (!(np = iol_grow(bd->paths, &bd->cappaths, bd->npaths, sizeof(*np),
			    256)))
		return IOL_ENOMEM;
	bd->paths = np;
	bd->paths[bd->npaths++] = (uint32_t)i;
	return 0;
}

int iol_srcmap_parse(char *arg, struct iol_srcmap *m)
{
	char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1])
		return IOL_EINVAL;
	*eq = '\0';
	m->from = arg;
	m->to = eq + 1;
	return 0;
}

/* where from, whole components, starts in file: its start, or for a
 * relative from (a source compiled by a relative name, now joined to
 * its compiler directory) after any '/' of it; NULL nowhere */
static const char *map_at(const char *file, const char *from, size_t k)
{
	const char *p;

	if (!strncmp(file, from, k) &&
	    (file[k] == '/' || file[k] == '\0' || from[k - 1] == '/'))
		return file;
	if (from[0] == '/')
		return NULL;
	for (p = strchr(file, '/'); p; p = strchr(p + 1, '/'))
		if (!strncmp(p + 1, from, k) &&
		    (p[1 + k] == '/' || p[1 + k] == '\0' || from[k - 1] == '/'))
			return p + 1;
	return NULL;
}

/* where file is read: the first --source-map rule whose from is a
 * leading whole-component part of it, applied into buf; else file */
static const char *src_path(const struct build *bd, const char *file, char *buf,
			    size_t n)
{
	int i;

	for (i = 0; i < bd->nsrcmap; i++) {
		const char *from = bd->srcmap[i].from, *at;
		size_t k = strlen(from);
		int w;

		if (!k || !(at = map_at(file, from, k)))
			continue;
		w = snprintf(buf, n, "%s%s", bd->srcmap[i].to, at + k);
		return w < 0 || (size_t)w >= n ? file : buf;
	}
	return file;
}

/* the blocks of a function at a line under *leaf: the function, its
 * loops around the line, the line (none when the line is unknown);
 * *leaf the last */
static int func_blocks(struct build *bd, const char *func, const char *file,
		       int line, int own, int32_t *leaf)
{
	struct iol_loop loops[MAX_LOOPS];
	char moved[4096];
	long f, p;
	int n, i, r;

	f = node(bd, *leaf, IOL_BLOCK_FUNCTION, func, file, 0);
	if ((r = path_push(bd, f)) < 0)
		return r;
	p = f;
	if (*file && line > 0) {
		const char *src = src_path(bd, file, moved, sizeof(moved));

		n = iol_symbols_loops(bd->sym, src, line, loops, MAX_LOOPS);
		if (n < 0)
			return n;
		/* a source of the program's not found is said */
		if (own && (r = iol_symbols_own(bd->sym, src)) < 0)
			return r;
		for (i = 0; i < n; i++) {
			p = node(bd, (int32_t)p, IOL_BLOCK_LOOP, func, file,
				 loops[i].line);
			if ((r = path_push(bd, p)) < 0)
				return r;
		}
		p = node(bd, (int32_t)p, IOL_BLOCK_LINE, func, file, line);
		if ((r = path_push(bd, p)) < 0)
			return r;
	}
	*leaf = (int32_t)p;
	return 0;
}

/* the blocks of one frame under *leaf: the functions its function was
 * inlined into, outermost first, each at the line of the inlined call,
 * then its own function at its line; *leaf the last */
static int frame_blocks(struct build *bd, const struct floc *l, int32_t *leaf)
{
	int k, r;

	for (k = l->ninl; k-- > 0;)
		if ((r = func_blocks(bd, l->inl_func[k], l->inl_file[k],
				     l->inl_line[k], !l->lib, leaf)) < 0)
			return r;
	return func_blocks(bd, l->func, l->file, l->line, !l->lib, leaf);
}

/* every frame of fr[0..n-1] is the dynamic loader's: its own call (an
 * exit()'s flush, under ld.so's _dl_fini when the preloaded tracer
 * makes it, has the C library's exit() above) */
static int all_ldso(const struct build *bd, const uint32_t *fr, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (bd->fl[fr[k]].loader != 2)
			return 0;
	return n > 0;
}

/* a root of its own, "[no stack]", "[loader]": made once */
static int push_root(struct build *bd, int32_t *slot, const char *label,
		     unsigned box)
{
	if (*slot < 0) {
		long b = node(bd, -1, IOL_BLOCK_FUNCTION, label, "", 0);

		if (b < 0)
			return (int)b;
		*slot = (int32_t)b;
		bd->nodes[b].b.box = box;
	}
	return path_push(bd, *slot);
}

static const char *mpi_label(const char *call)
{
	return !strcmp(call, "MPI_Init")	  ? "[MPI: MPI_Init]"
	       : !strcmp(call, "MPI_Init_thread") ? "[MPI: MPI_Init_thread]"
						  : "[MPI: MPI_Finalize]";
}

/* the blocks of frames fr[top-1] (the outermost kept) down to fr[0]:
 * the system's libraries left out when prog; MPI's start or end one
 * block under its caller, with nothing beneath */
static int frames_blocks(struct build *bd, const uint32_t *fr, size_t top,
			 int prog, int32_t *leaf)
{
	size_t k;
	int r, lines = 0;

	for (k = top; k-- > 0;) {
		const struct floc *l = &bd->fl[fr[k]];

		if (l->mpi) {
			const struct iol_frame *f =
				iol_stacks_frame_at(bd->stk, fr[k]);

			long b = node(bd, *leaf, IOL_BLOCK_FUNCTION,
				      mpi_label(l->mpi), f->module, 0);

			bd->folded |= IOL_BFOLD_MPI;
			if (b >= 0)
				bd->nodes[b].b.box = IOL_BFOLD_MPI;
			return path_push(bd, b);
		}
		if (prog && l->lib)
			continue;
		/* below a frame with lines, code without any in the same
		 * binaries (a library linked in statically without DWARF)
		 * folds into that frame, as a shared one's does: 45 blocks
		 * of HDF5's internals for 8 calls (issue 33 D7) */
		if (prog && l->nolines && lines)
			continue;
		lines |= l->line > 0;
		if ((r = frame_blocks(bd, l, leaf)) < 0)
			return r;
	}
	return 0;
}

/* frame k of a stack is a program frame named by its address alone
 * (its binary gone, or stripped) with the C start code inside it: its
 * _start, folded as the loader's frames are */
static int start_anon(const struct build *bd, const uint32_t *fr, size_t k)
{
	if (!bd->fl[fr[k]].anon || bd->fl[fr[k]].lib)
		return 0;
	while (k-- > 0)
		if (bd->fl[fr[k]].loader)
			return 1;
	return 0;
}

/* the frame glibc's start code called (frame top - 1, inside frame
 * top), named by its address alone: main, whatever its address (each
 * of main's call sites is another return address, not a function of
 * its own) */
static void main_anon(struct build *bd, const uint32_t *fr, size_t top,
		      size_t n)
{
	struct floc *l, *up;

	if (top == 0 || top >= n)
		return;
	l = &bd->fl[fr[top - 1]];
	up = &bd->fl[fr[top]];
	if (l->anon && !l->lib &&
	    (!strcmp(up->func, "__libc_start_call_main") ||
	     !strcmp(up->func, "__libc_start_main") ||
	     !strcmp(up->func, "__libc_start_main_impl"))) {
		l->func = "main";
		l->anon = 0;
	}
}

/* the path of stack id (made at its first use): *start and *len */
/*
 * Whether stack id, cut at the tracer's depth, reached main() anyway:
 * the cut took only the loader's and the C start code's frames beyond
 * it, which are left out of every path, so the stack is whole.  2 yes,
 * 1 no, memoized; < 0 no memory.
 */
static int cut_above_main(struct build *bd, uint32_t id)
{
	const uint32_t *fr;
	const struct iol_frame *f;
	struct floc *l = NULL;
	size_t n;
	int r;

	if (bd->si[id].uncut)
		return bd->si[id].uncut;
	bd->si[id].uncut = 1;
	n = iol_stacks_chain(bd->stk, id, &fr);
	if (n < 2 || !(f = iol_stacks_frame_at(bd->stk, fr[n - 1])) ||
	    *f->module || strcmp(f->func, IOL_STACK_CUT) != 0)
		return 1;
	for (n--; n > 0; n--) {
		if ((r = frame_loc(bd, fr[n - 1], &l)) < 0)
			return r;
		if (!l->loader)
			break;
	}
	if (n > 0 && l && !strcmp(l->func, "main"))
		bd->si[id].uncut = 2;
	return bd->si[id].uncut;
}

static int stack_path(struct build *bd, uint32_t id, size_t *start,
		      uint32_t *len)
{
	const uint32_t *fr;
	struct floc *l;
	size_t n, k, top;
	int32_t leaf = -1;
	int prog = 0, mpilib = 0, r;

	if (bd->plen[id] != UINT32_MAX) {
		*start = bd->pstart[id];
		*len = bd->plen[id];
		return 0;
	}
	bd->pstart[id] = bd->npaths;
	n = iol_stacks_chain(bd->stk, id, &fr);
	for (k = 0; k < n; k++) {
		if ((r = frame_loc(bd, fr[k], &l)) < 0)
			return r;
		prog |= !l->lib;
		mpilib |= l->mpilib;
	}
	if ((r = cut_above_main(bd, id)) < 0)
		return r;
	if (r == 2)
		n--; /* no "[stack cut]": it reached main() */
	/* the loader's and the C start code's frames around the rest are
	 * left out: main() is a root */
	for (top = n; top > 0 && (bd->fl[fr[top - 1]].loader ||
				  start_anon(bd, fr, top - 1));
	     top--)
		bd->folded |= IOL_BFOLD_LOADER;
	main_anon(bd, fr, top, n);
	if (!prog && mpilib && top > 0) {
		bd->folded |= IOL_BFOLD_MPI;
		r = push_root(bd, &bd->mpilib_box, "[MPI: library]",
			      IOL_BFOLD_MPI);
	} else {
		r = frames_blocks(bd, fr, top, prog, &leaf);
	}
	if (r < 0)
		return r;
	/* no frame left: exit()'s calls (its stdio flushes), the dynamic
	 * loader's own (its opens, reads and maps of libraries, every
	 * frame ld.so's: strace -k sees them), or none at all */
	if (bd->npaths == bd->pstart[id] &&
	    (r = !n ? push_root(bd, &bd->nostack, "[no stack]", 0)
		 : all_ldso(bd, fr, n)
			 ? push_root(bd, &bd->ldso_box, IOL_BLOCK_LDSO,
				     IOL_BFOLD_LOADER)
			 : push_root(bd, &bd->loader_box, "[loader]",
				     IOL_BFOLD_LOADER)) < 0)
		return r;
	bd->plen[id] = (uint32_t)(bd->npaths - bd->pstart[id]);
	*start = bd->pstart[id];
	*len = bd->plen[id];
	return 0;
}

/* ---- launchers: their processes in one box each ---- */

/* the box of launcher name (its program's base name, module its path),
 * made once */
static long launcher_box(struct build *bd, const char *name, const char *module)
{
	char label[300];
	const char *kept;
	long b;
	int i;

	for (i = 0; i < bd->nlaunch; i++)
		if (!strcmp(bd->launchers[i].name, name))
			return bd->launchers[i].box;
	snprintf(label, sizeof(label), "[launcher: %s]", name);
	if (!(kept = keep(bd->priv, label)))
		return IOL_ENOMEM;
	if ((b = node(bd, -1, IOL_BLOCK_FUNCTION, kept, module, 0)) < 0)
		return b;
	bd->nodes[b].b.box = IOL_BFOLD_LAUNCHER;
	bd->folded |= IOL_BFOLD_LAUNCHER;
	if (!bd->first_launcher)
		bd->first_launcher = kept;
	/* more launchers than kept: looked up by their label again */
	if (bd->nlaunch <
	    (int)(sizeof(bd->launchers) / sizeof(*bd->launchers))) {
		bd->launchers[bd->nlaunch].name = name;
		bd->launchers[bd->nlaunch++].box = (int32_t)b;
	}
	return b;
}

/* what stack id's frames are: a launcher's (its box), the program's
 * (an executable's frame), the loader's starting a program (the
 * outermost frame ld.so's) */
static int stack_info(struct build *bd, uint32_t id, struct sinfo *si)
{
	const uint32_t *fr;
	struct floc *l = NULL;
	size_t n, k;
	long b;
	int r;

	si->done = 1;
	si->launch = -1;
	n = id ? iol_stacks_chain(bd->stk, id, &fr) : 0;
	for (k = 0; k < n; k++) {
		if ((r = frame_loc(bd, fr[k], &l)) < 0)
			return r;
		si->image |= l->image;
		if (l->launch && si->launch < 0) {
			b = launcher_box(
				bd, l->launch,
				iol_stacks_frame_at(bd->stk, fr[k])->module);
			if (b < 0)
				return (int)b;
			si->launch = (int32_t)b;
		}
	}
	si->fresh = l && l->loader && l->lib;
	return 0;
}

struct pskey {
	const struct build *bd;
	int64_t tgid;
};

static int ps_eq(const void *ctx, uint32_t i)
{
	const struct pskey *k = ctx;

	return k->bd->ps[i].tgid == k->tgid;
}

static uint64_t ps_hash(const void *ctx, uint32_t i)
{
	return iol_mix64((uint64_t)((const struct build *)ctx)->ps[i].tgid);
}

/* the launcher box process tgid last ran in, made -1 when new; NULL
 * out of memory */
static int32_t *proc_launch(struct build *bd, int64_t tgid)
{
	struct pskey k = {bd, tgid};
	uint64_t h = iol_mix64((uint64_t)tgid);
	struct pstate *np;
	uint32_t *slot;

	if (bd->psix.slot) {
		slot = iol_index_slot(&bd->psix, h, ps_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return &bd->ps[*slot].launch;
	}
	if (iol_index_reserve(&bd->psix, ps_hash, bd) < 0 ||
	    !(np = iol_grow(bd->ps, &bd->capps, bd->nps, sizeof(*np), 16)))
		return NULL;
	bd->ps = np;
	slot = iol_index_slot(&bd->psix, h, ps_eq, &k);
	bd->ps[bd->nps].tgid = tgid;
	bd->ps[bd->nps].launch = -1;
	*slot = (uint32_t)bd->nps++;
	bd->psix.n++;
	return &bd->ps[bd->nps - 1].launch;
}

/*
 * The launcher box the call goes to, -1 none, < -1 an IOL_E* code: its
 * stack's when it has a launcher's frame; when it has no frame of a
 * program, the box of the launcher its process last ran (a launcher's
 * threads, and its calls without a stack, have no frame of it); a stack
 * of another program, or of the loader starting one after an exec, ends
 * the process's launcher.
 */
static long launcher_of(struct build *bd, const struct iol_event *ev,
			uint32_t id)
{
	struct sinfo *si = &bd->si[id];
	int32_t *st;
	int r;

	if (!si->done && (r = stack_info(bd, id, si)) < 0)
		return r;
	if (!bd->nlaunch) /* no process has run one */
		return -1;
	if (!(st = proc_launch(bd, ev->tgid > 0 ? ev->tgid : ev->pid)))
		return IOL_ENOMEM;
	if (si->launch >= 0)
		return *st = si->launch;
	if (si->image || si->fresh) /* a program, or the loader after an
				       exec starting one */
		return *st = -1;
	return *st;
}

/* ---- distinct files and processes of a block ---- */

static int pair_eq(const void *ctx, uint32_t i)
{
	const uint64_t *k = ctx;
	const struct build *bd = (const struct build *)k[2];

	return bd->pairs[2 * i] == k[0] && bd->pairs[2 * i + 1] == k[1];
}

static uint64_t pair_hash(const void *ctx, uint32_t i)
{
	const struct build *bd = ctx;

	return iol_hash_pair(bd->pairs[2 * i], bd->pairs[2 * i + 1]);
}

/* 1 when (a, b) is new, 0 seen, IOL_ENOMEM */
static int pair_new(struct build *bd, uint64_t a, uint64_t b)
{
	uint64_t k[3] = {a, b, (uint64_t)(uintptr_t)bd}, *np;
	uint64_t h = iol_hash_pair(a, b);
	uint32_t *slot;
	size_t cap2;

	if (bd->pix.slot) {
		slot = iol_index_slot(&bd->pix, h, pair_eq, k);
		if (*slot != IOL_INDEX_EMPTY)
			return 0;
	}
	cap2 = bd->cappairs;
	if (iol_index_reserve(&bd->pix, pair_hash, bd) < 0 ||
	    !(np = iol_grow(bd->pairs, &cap2, 2 * bd->npairs, sizeof(*np),
			    256)))
		return IOL_ENOMEM;
	bd->pairs = np;
	bd->cappairs = cap2;
	slot = iol_index_slot(&bd->pix, h, pair_eq, k);
	bd->pairs[2 * bd->npairs] = a;
	bd->pairs[2 * bd->npairs + 1] = b;
	*slot = (uint32_t)bd->npairs++;
	bd->pix.n++;
	return 1;
}

/* ---- random accesses: where each process's last transfer on a file
 * ended ---- */

struct lkey {
	const struct build *bd;
	int64_t pid;
	uint64_t file;
};

static int lk_eq(const void *ctx, uint32_t i)
{
	const struct lkey *k = ctx;

	return k->bd->le[i].pid == k->pid && k->bd->le[i].file == k->file;
}

static uint64_t lk_hash(const void *ctx, uint32_t i)
{
	const struct build *bd = ctx;

	return iol_hash_pair((uint64_t)bd->le[i].pid, bd->le[i].file);
}

/* 1 when the transfer does not start where the last one ended (or,
 * the process's first on the file, not at 0); 0 otherwise or unknown */
static int is_random(struct build *bd, const struct iol_event *ev)
{
	struct lkey k = {bd, ev->pid, ev->file};
	uint64_t h = iol_hash_pair((uint64_t)ev->pid, ev->file);
	struct lastend *ne;
	uint32_t *slot;
	int64_t end;
	int r;

	if (ev->kind == IOL_EV_OPEN) /* a new descriptor starts at 0 */
		end = 0;
	else if (ev->off < 0 || ev->len < 0)
		return 0;
	else
		end = ev->off + ev->len;
	if (bd->lix.slot) {
		slot = iol_index_slot(&bd->lix, h, lk_eq, &k);
		if (*slot != IOL_INDEX_EMPTY) {
			r = ev->kind != IOL_EV_OPEN &&
			    bd->le[*slot].end != ev->off;
			bd->le[*slot].end = end;
			return r;
		}
	}
	if (iol_index_reserve(&bd->lix, lk_hash, bd) < 0 ||
	    !(ne = iol_grow(bd->le, &bd->caple, bd->nle, sizeof(*ne), 64)))
		return IOL_ENOMEM;
	bd->le = ne;
	slot = iol_index_slot(&bd->lix, h, lk_eq, &k);
	bd->le[bd->nle].pid = ev->pid;
	bd->le[bd->nle].file = ev->file;
	bd->le[bd->nle].end = end;
	*slot = (uint32_t)bd->nle++;
	bd->lix.n++;
	return ev->kind != IOL_EV_OPEN && ev->off != 0;
}

/* ---- events ---- */

/*
 * strace -k's -T durations hold strace's stops around each call and,
 * on a loaded machine, their rescheduling: a 256 B write of 0.9 us
 * untraced is 7-8 us at the median under strace -T, 8-11 us under
 * load, while the mean reaches 31-333 us (issue 33 D3).  So a call is
 * timed by its group (the same stack, kind and size class): the
 * median of the group's durations less strace's calibrated overhead,
 * never below ROBUST_FLOOR of that median.  The median drops the
 * rescheduled tail without cutting a slow call (a 2 s fsync stays
 * 2 s, a group of one keeps its own time); the floor keeps a call
 * whose median is mostly strace's (the overhead measured without -k
 * is 37 us where a whole call under -k takes 8) above 0 and in its
 * order: 10 % because the untraced write above is 11 % of its median.
 */
#define ROBUST_FLOOR 0.10

struct rgroup {
	uint32_t stack;
	int kind, cls;
	double v; /* a duration (robust_groups()), then the per-call time */
};

/* ev's size class: the cost model's (512 B, 4 KiB, 64 KiB, 1 MiB),
 * the nearest on a log scale; 0 for calls that move no bytes */
static int size_class(const struct iol_event *ev)
{
	int64_t n = ev->len;

	if (ev->kind != IOL_EV_READ && ev->kind != IOL_EV_WRITE)
		return 0;
	return n < 1448 ? 0 : n < 16384 ? 1 : n < 262144 ? 2 : 3;
}

static int rg_key(const struct rgroup *x, const struct rgroup *y)
{
	if (x->stack != y->stack)
		return x->stack < y->stack ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	return x->cls < y->cls ? -1 : x->cls > y->cls;
}

static int rg_cmp(const void *a, const void *b)
{
	const struct rgroup *x = a, *y = b;
	int k = rg_key(x, y);

	return k ? k : x->v < y->v ? -1 : x->v > y->v;
}

static int rg_find(const void *a, const void *b)
{
	return rg_key(a, b);
}

/* a call's own time: under robust, its group's (robust_groups());
 * else its duration less the tracer's share, never < 0 */
static double dur_of(const struct build *bd, const struct iol_event *ev)
{
	if (bd->robust)
		return bd->cur;
	return ev->dur > bd->overhead ? ev->dur - bd->overhead : 0;
}

/* under robust, ev's time: its group's per-call time, 0 when strace
 * did not time it */
static double robust_of(const struct build *bd, const struct iol_event *ev)
{
	struct rgroup k = {ev->stack, ev->kind, size_class(ev), 0};
	const struct rgroup *g;

	if (ev->dur <= 0)
		return 0;
	g = bsearch(&k, bd->rg, bd->nrg, sizeof(*bd->rg), rg_find);
	return g ? g->v : 0;
}

/* a call under a folded box (the loader's, MPI's own): not the
 * program's */
static int boxed(const struct build *bd, const uint32_t *path, uint32_t len)
{
	uint32_t k;

	for (k = 0; k < len; k++)
		if (bd->nodes[path[k]].b.box)
			return 1;
	return 0;
}

/* a + b, b >= 0, at most INT64_MAX */
static int64_t map_sum(int64_t a, int64_t b)
{
	return b > INT64_MAX - a ? INT64_MAX : a + b;
}

/* a mapping of a file: counted with its size (issue 33 D6); the sizes
 * saturate, as a trace's lengths are the caller's words (two maps of
 * INT64_MAX bytes overflowed) */
static void map_add(struct build *bd, const struct iol_event *ev)
{
	bd->maps++;
	if (ev->len < 0 || bd->map_bytes < 0) {
		bd->map_bytes = -1;
		return;
	}
	bd->map_bytes = map_sum(bd->map_bytes, ev->len);
	if (ev->flags == 1)
		bd->map_wbytes = map_sum(bd->map_wbytes, ev->len);
}

static int add_event(struct build *bd, const struct iol_event *ev)
{
	const uint32_t *path;
	size_t start, k;
	uint32_t len, id, one;
	long lb;
	int rnd = 0, r,
	    xfer = ev->kind == IOL_EV_READ || ev->kind == IOL_EV_WRITE;
	int64_t moved = xfer && ev->len > 0 ? ev->len : 0;

	if (ev->stack >= 1 && ev->stack <= iol_stacks_count(bd->stk)) {
		if ((r = cut_above_main(bd, ev->stack)) < 0)
			return r;
		bd->uncut += r == 2;
	}
	if (!ev->regular)
		return 0;

	id = ev->stack >= 1 && ev->stack <= iol_stacks_count(bd->stk)
		     ? ev->stack
		     : 0;
	if ((lb = launcher_of(bd, ev, id)) < -1)
		return (int)lb;
	if (lb >= 0) { /* a launcher's call: its box alone */
		one = (uint32_t)lb;
		path = &one;
		len = 1;
	} else if ((r = stack_path(bd, id, &start, &len)) < 0) {
		return r;
	} else {
		path = bd->paths + start;
	}
	if (ev->kind == IOL_EV_OTHER && ev->name &&
	    !strncmp(ev->name, "mmap", 4) && lb < 0 && !boxed(bd, path, len))
		map_add(bd, ev);
	if ((xfer || ev->kind == IOL_EV_OPEN) && (rnd = is_random(bd, ev)) < 0)
		return rnd;
	if (!xfer)
		rnd = 0;
	for (k = 0; k < len; k++) {
		uint32_t i = path[k];
		struct iol_block *b = &bd->nodes[i].b;

		b->calls++;
		b->opens += ev->kind == IOL_EV_OPEN;
		b->reads += ev->kind == IOL_EV_READ;
		b->writes += ev->kind == IOL_EV_WRITE;
		b->syncs += ev->kind == IOL_EV_SYNC;
		b->sync_calls += xfer;
		if (ev->kind == IOL_EV_READ)
			b->bytes_read += moved;
		else if (ev->kind == IOL_EV_WRITE)
			b->bytes_written += moved;
		b->random += rnd;
		b->small += xfer && ev->len >= 0 && ev->len < IOL_BLOCK_SMALL;
		b->io_time += dur_of(bd, ev);
		if (ev->start < b->first)
			b->first = ev->start;
		if (ev->start + ev->dur > b->last)
			b->last = ev->start + ev->dur;
		/* r of this file alone: a call on none (a rename from an
		 * unknown name) counts no file, whatever r held before */
		if ((r = ev->file ? pair_new(bd, i, ev->file) : 0) < 0)
			return r;
		b->files += r > 0;
		if ((r = pair_new(bd, i | (uint64_t)1 << 63,
				  (uint64_t)(ev->tgid > 0 ? ev->tgid
							  : ev->pid))) < 0)
			return r;
		b->procs += r;
		/* runs: of functions only (main's is what is asked) */
		if (ev->forked || b->kind != IOL_BLOCK_FUNCTION)
			continue;
		if ((r = pair_new(bd, i | (uint64_t)1 << 62,
				  (uint64_t)(ev->tgid > 0 ? ev->tgid
							  : ev->pid))) < 0)
			return r;
		b->runs += r;
	}
	return 0;
}

/* ---- the tree in order, and the scores ---- */

static int cmp_child(const struct bnode *a, const struct bnode *b)
{
	int c;

	if (!a->b.box != !b->b.box) /* what was folded after the program */
		return a->b.box ? 1 : -1;
	if (a->b.line != b->b.line && a->b.line && b->b.line)
		return a->b.line < b->b.line ? -1 : 1;
	if (a->b.kind != b->b.kind)
		return a->b.kind < b->b.kind ? -1 : 1;
	if ((c = strcmp(a->b.func, b->b.func)) != 0)
		return c;
	if ((c = strcmp(a->b.file, b->b.file)) != 0)
		return c;
	return a->b.line < b->b.line ? -1 : a->b.line > b->b.line;
}

static const struct bnode *sort_base;

static int cmp_idx(const void *a, const void *b)
{
	return cmp_child(&sort_base[*(const uint32_t *)a],
			 &sort_base[*(const uint32_t *)b]);
}

/* the blocks in tree order with their ids */
static int order(struct build *bd, struct iol_blocks *out)
{
	uint32_t *kids = malloc((bd->nn ? bd->nn : 1) * sizeof(*kids));
	uint32_t *stack = malloc((bd->nn + 1) * sizeof(*stack));
	size_t *cstart = calloc(bd->nn + 2, sizeof(*cstart));
	size_t i, n = 0, sp = 0;
	int r = 0;

	out->v = calloc(bd->nn ? bd->nn : 1, sizeof(*out->v));
	if (!kids || !stack || !cstart || !out->v) {
		r = IOL_ENOMEM;
		goto done;
	}
	/* children grouped by parent (roots under bd->nn), each group
	 * sorted */
	for (i = 0; i < bd->nn; i++) {
		int32_t p = bd->nodes[i].b.parent;

		cstart[(p < 0 ? bd->nn : (size_t)p) + 1]++;
	}
	for (i = 1; i < bd->nn + 2; i++)
		cstart[i] += cstart[i - 1];
	{
		size_t *fill = calloc(bd->nn + 1, sizeof(*fill));

		if (!fill) {
			r = IOL_ENOMEM;
			goto done;
		}
		for (i = 0; i < bd->nn; i++) {
			int32_t p = bd->nodes[i].b.parent;
			size_t g = p < 0 ? bd->nn : (size_t)p;

			kids[cstart[g] + fill[g]++] = (uint32_t)i;
		}
		free(fill);
	}
	sort_base = bd->nodes;
	for (i = 0; i < bd->nn + 1; i++)
		if (cstart[i + 1] - cstart[i] > 1)
			qsort(kids + cstart[i], cstart[i + 1] - cstart[i],
			      sizeof(*kids), cmp_idx);
	/* depth first, pushing children in reverse */
	{
		size_t *newidx =
			malloc((bd->nn ? bd->nn : 1) * sizeof(*newidx));
		size_t k;

		if (!newidx) {
			r = IOL_ENOMEM;
			goto done;
		}
		for (k = cstart[bd->nn + 1]; k-- > cstart[bd->nn];)
			stack[sp++] = kids[k];
		while (sp) {
			uint32_t x = stack[--sp];
			struct iol_block *b = &out->v[n];
			int32_t p = bd->nodes[x].b.parent;

			*b = bd->nodes[x].b;
			newidx[x] = n;
			b->parent = p < 0 ? -1 : (int32_t)newidx[p];
			/* its number among its siblings */
			{
				size_t g = p < 0 ? bd->nn : (size_t)p, j;
				size_t rank = 0;
				char pid[sizeof(b->id)];

				for (j = cstart[g]; j < cstart[g + 1]; j++)
					if (kids[j] == x)
						rank = j - cstart[g] + 1;
				if (p < 0)
					snprintf(b->id, sizeof(b->id), "%zu",
						 rank);
				else if (memcpy(pid, out->v[b->parent].id,
						sizeof(pid)) &&
					 strlen(pid) + 12 < sizeof(b->id))
					snprintf(b->id, sizeof(b->id), "%s.%zu",
						 pid, rank);
				else /* too deep to spell: its row, unique */
					snprintf(b->id, sizeof(b->id), "#%zu",
						 n + 1);
			}
			n++;
			for (k = cstart[x + 1]; k-- > cstart[x];)
				stack[sp++] = kids[k];
		}
		free(newidx);
	}
	out->n = n;
done:
	free(kids);
	free(stack);
	free(cstart);
	return r;
}

/*
 * Trip counts from the calls: a line that makes I/O calls itself ran as
 * often as it called; a line that calls a function ran as often as that
 * function ran, which is as often as its busiest line outside loops ran
 * (at least once); a loop went round as often as its busiest line ran.
 * Children come after their parent, so one pass from the end has every
 * child's count before its parent's.
 */
static int trips(struct iol_blocks *out)
{
	int64_t *ex = calloc(out->n ? out->n : 1, sizeof(*ex));
	int64_t *sub = calloc(out->n ? out->n : 1, sizeof(*sub));
	size_t i;

	if (!ex || !sub) {
		free(ex);
		free(sub);
		return IOL_ENOMEM;
	}
	for (i = out->n; i-- > 0;) {
		struct iol_block *b = &out->v[i];
		int32_t p = b->parent;

		if (b->kind == IOL_BLOCK_LINE)
			ex[i] = sub[i] ? sub[i] : b->calls;
		else if (b->kind == IOL_BLOCK_FUNCTION)
			ex[i] = ex[i] ? ex[i] : 1;
		else
			ex[i] = b->trip = ex[i];
		if (p < 0)
			continue;
		if (b->kind == IOL_BLOCK_FUNCTION)
			sub[p] += ex[i]; /* the line that calls it */
		else if (b->kind == IOL_BLOCK_LINE && ex[i] > ex[p])
			ex[p] = ex[i]; /* its function or loop */
	}
	free(ex);
	free(sub);
	return 0;
}

/* v to the nearest multiple of 1/q: a sum of call durations carries
 * the doubles' rounding past the trace's nanoseconds, which CSV and
 * JSON print in full (0.00036513400000000003 for 365134 ns; a ratio of
 * 0.9999999999999999 for 1) */
static double quantum(double v, double q)
{
	return isfinite(v) ? round(v * q) / q : v;
}

/* each block's intensity: its I/O time over its span, to 9 decimals
 * (the span's ends are times of day: a double holds them to about
 * 1e-11 s, so a ratio of 1 came out as 0.99999999999) */
static void intensities(struct iol_blocks *out)
{
	size_t i;

	out->io_time = quantum(out->io_time, 1e9);
	for (i = 0; i < out->n; i++) {
		struct iol_block *b = &out->v[i];
		double span = b->last - b->first;

		b->io_time = quantum(b->io_time, 1e9);
		b->intensity = span > 0	  ? fmin(1.0, b->io_time / span)
			       : b->calls ? 1.0
					  : 0.0;
		b->intensity = quantum(b->intensity, 1e9);
		if (!isfinite(b->first))
			b->first = b->last = 0;
	}
}

static double rank_key(const struct iol_block *b, int key)
{
	switch (key) {
	case IOL_BSORT_TIME: return b->io_time;
	case IOL_BSORT_BYTES: return (double)(b->bytes_read + b->bytes_written);
	case IOL_BSORT_CALLS: return (double)b->calls;
	}
	return 0;
}

struct rank_ctx {
	const struct iol_blocks *b;
	int key;
};
static struct rank_ctx rank_by;

static int cmp_rank(const void *pa, const void *pb)
{
	size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
	double ka = rank_key(&rank_by.b->v[a], rank_by.key);
	double kb = rank_key(&rank_by.b->v[b], rank_by.key);

	if (!rank_by.b->v[a].box != !rank_by.b->v[b].box)
		return rank_by.b->v[a].box ? 1 : -1;
	if (ka != kb)
		return ka > kb ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Children are the rows between a block and the end of its subtree;
 * sorting each group of siblings and walking depth first gives the
 * ranked tree. */
int iol_blocks_rank(const struct iol_blocks *b, int key, size_t *perm)
{
	size_t *kids, *cstart, *fill, *stack, i, n = b->n, sp = 0, k = 0;

	kids = malloc((n + 1) * sizeof(*kids));
	cstart = calloc(n + 2, sizeof(*cstart));
	fill = calloc(n + 1, sizeof(*fill));
	stack = malloc((n + 1) * sizeof(*stack));
	if (!kids || !cstart || !fill || !stack) {
		free(kids), free(cstart), free(fill), free(stack);
		return IOL_ENOMEM;
	}
	/* group g: the children of row g, the roots as group n */
	for (i = 0; i < n; i++)
		cstart[(b->v[i].parent < 0 ? n : (size_t)b->v[i].parent) + 1]++;
	for (i = 1; i < n + 2; i++)
		cstart[i] += cstart[i - 1];
	for (i = 0; i < n; i++) {
		size_t g = b->v[i].parent < 0 ? n : (size_t)b->v[i].parent;

		kids[cstart[g] + fill[g]++] = i;
	}
	rank_by.b = b;
	rank_by.key = key;
	if (key != IOL_BSORT_LINE)
		for (i = 0; i < n + 1; i++)
			qsort(kids + cstart[i], cstart[i + 1] - cstart[i],
			      sizeof(*kids), cmp_rank);
	for (i = cstart[n + 1]; i-- > cstart[n];)
		stack[sp++] = kids[i];
	while (sp) {
		size_t x = stack[--sp];

		perm[k++] = x;
		for (i = cstart[x + 1]; i-- > cstart[x];)
			stack[sp++] = kids[i];
	}
	free(kids), free(cstart), free(fill), free(stack);
	return 0;
}

int iol_blocks_select(const struct iol_blocks *b, int key, int64_t depth,
		      int64_t top, size_t **rows, size_t *n, size_t *all)
{
	size_t *v = malloc((b->n + 1) * sizeof(*v)), i, k = 0;

	*rows = NULL;
	if (!v || iol_blocks_rank(b, key, v) < 0) {
		free(v);
		return IOL_ENOMEM;
	}
	for (i = 0; i < b->n; i++)
		if (!depth || b->v[v[i]].depth < depth)
			v[k++] = v[i];
	*all = k;
	*n = top > 0 && (size_t)top < k ? (size_t)top : k;
	*rows = v;
	return 0;
}

static void build_free(struct build *bd)
{
	free(bd->fl);
	free(bd->nodes);
	iol_index_release(&bd->nix);
	free(bd->paths);
	free(bd->pstart);
	free(bd->plen);
	free(bd->pairs);
	free(bd->rg);
	iol_index_release(&bd->pix);
	free(bd->le);
	iol_index_release(&bd->lix);
	free(bd->si);
	free(bd->ps);
	iol_index_release(&bd->psix);
}

static int run_events(struct build *bd, struct iol_blocks *out,
		      struct iol_error *err)
{
	struct iol_events *it;
	struct iol_event ev;
	int r;

	if ((r = iol_events_open(&it, bd->job, err)) < 0)
		return r;
	while ((r = iol_events_next(it, &ev, err)) == 1) {
		if (bd->robust)
			bd->cur = robust_of(bd, &ev);
		if ((r = add_event(bd, &ev)) < 0)
			break;
		if (ev.regular) {
			out->calls++;
			out->io_time += dur_of(bd, &ev);
			if (ev.kind == IOL_EV_READ && ev.len > 0)
				out->bytes_read += ev.len;
			if (ev.kind == IOL_EV_WRITE && ev.len > 0)
				out->bytes_written += ev.len;
		}
	}
	iol_events_close(it);
	if (r == IOL_ENOMEM)
		iol_error_set(err, r, "out of memory");
	return r;
}

/*
 * The share of each call's duration taken off as the tracer's: the
 * calibrated overhead, but never more than the trace's fastest call (of
 * regular files, over 0).  strace -k costs more a call than the -T
 * overhead replay --calibrate measures without -k, so taking that off
 * whole left most small calls at 0 and their blocks unranked among
 * themselves (5-13 of 10-25 blocks, a loop of 48 writes at 0 us); less
 * the fastest call's time each keeps its order.  0 or IOL_E*.
 */
static int overhead_cap(struct build *bd, struct iol_error *err)
{
	struct iol_events *it;
	struct iol_event ev;
	double m = bd->overhead;
	int r;

	if (m <= 0)
		return 0;
	if ((r = iol_events_open(&it, bd->job, err)) < 0)
		return r;
	while ((r = iol_events_next(it, &ev, err)) == 1)
		if (ev.regular && ev.dur > 0 && ev.dur < m)
			m = ev.dur;
	iol_events_close(it);
	if (r < 0)
		return r;
	bd->overhead = m;
	return 0;
}

/* the timed calls' durations sorted by group, n of them: 0, or
 * IOL_E* */
static int robust_read(struct build *bd, size_t *n, struct iol_error *err)
{
	struct iol_events *it;
	struct iol_event ev;
	struct rgroup *g;
	size_t cap = 0;
	int r;

	if ((r = iol_events_open(&it, bd->job, err)) < 0)
		return r;
	while ((r = iol_events_next(it, &ev, err)) == 1) {
		if (ev.dur <= 0)
			continue;
		if (!(g = iol_grow(bd->rg, &cap, *n, sizeof(*g), 1024))) {
			r = iol_error_set(err, IOL_ENOMEM, "out of memory");
			break;
		}
		bd->rg = g;
		bd->rg[(*n)++] = (struct rgroup){ev.stack, ev.kind,
						 size_class(&ev), ev.dur};
	}
	iol_events_close(it);
	if (*n)
		qsort(bd->rg, *n, sizeof(*bd->rg), rg_cmp);
	return r < 0 ? r : 0;
}

/* under robust, each group's per-call time into bd->rg (one entry a
 * group, sorted): its median less the overhead, at least ROBUST_FLOOR
 * of the median.  0 or IOL_E*. */
static int robust_groups(struct build *bd, struct iol_error *err)
{
	size_t n = 0, i, j, out = 0;
	double med;
	int r;

	if (!bd->robust)
		return 0;
	if ((r = robust_read(bd, &n, err)) < 0)
		return r;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !rg_key(&bd->rg[i], &bd->rg[j]); j++)
			;
		med = (j - i) % 2 ? bd->rg[i + (j - i) / 2].v
				  : (bd->rg[i + (j - i) / 2 - 1].v +
				     bd->rg[i + (j - i) / 2].v) /
					    2;
		bd->rg[out] = bd->rg[i];
		bd->rg[out++].v = fmax(med - bd->overhead, ROBUST_FLOOR * med);
	}
	bd->nrg = out;
	return 0;
}

/* the job's record of module path as traced, NULL none */
static const struct iol_jmodule *traced(const struct iol_job *job,
					const char *path)
{
	size_t i;

	for (i = 0; i < job->nmodules; i++)
		if (!strcmp(job->modules[i].path, path))
			return &job->modules[i];
	return NULL;
}

/*
 * Seconds the trace file was written after the trace's last call, more
 * than a minute (a copy of it, its time then no run's), when nothing
 * but that time can tell a rebuilt binary: a trace without the modules'
 * build ids (strace -k); else 0.  strace -tt's times of day are local.
 */
static int64_t written_after(const struct iol_job *job)
{
	int64_t m = job->trace_mtime_ns / 1000000000, d;
	time_t t = (time_t)m;
	struct tm tm;

	if (job->nmodules || m <= 0 || !job->stacks)
		return 0;
	if (job->date_known) {
		d = m - job->end_sec;
	} else {
		if (!localtime_r(&t, &tm))
			return 0;
		d = ((int64_t)tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec -
		     job->end_sec % 86400 + 2 * 86400) %
		    86400;
		/* more than half a day after is before: the file's time,
		 * from the kernel's coarser clock, a second before the last
		 * call's (86399 s "after" it; issue 33 D2) */
		if (d > 43200)
			d -= 86400;
	}
	return d > 60 ? d : 0;
}

/*
 * Each binary of the program's frames against the trace: gone, or
 * changed (another build id, else size or time than iolens trace wrote;
 * for strace -k, which writes none, modified after the trace file was),
 * else without DWARF; those kept in out->mods.
 */
static void check_modules(const struct iol_job *job, struct iol_blocks *out)
{
	struct iol_blocks_priv *p = out->priv;
	size_t i, k = 0, here = 0;

	for (i = 0; i < p->nmods; i++) {
		struct iol_bmod *m = &p->mods[i];
		const struct iol_jmodule *was = traced(job, m->path);
		struct iol_jmodule now;

		/* m->traced_func: rebuilt, strace -k's names say so */
		if (m->traced_func)
			m->state = IOL_BMOD_CHANGED;
		else if (iol_module_stamp(m->path, &now) < 0)
			m->state = IOL_BMOD_GONE;
		else if (was ? iol_module_changed(was, &now)
			     : job->trace_mtime_ns > 0 &&
					 now.mtime_ns > job->trace_mtime_ns)
			/* strace -k's names and offsets, all checked, are
			 * the build id it does not record (issue 33 D13: a
			 * byte-identical rebuild was refused) */
			m->state = !was && m->same_frames > 0 &&
						   m->state != IOL_BMOD_NODEBUG
					   ? IOL_BMOD_NEWER
					   : IOL_BMOD_CHANGED;
		here += m->state != IOL_BMOD_GONE;
		if (m->state)
			p->mods[k++] = *m;
	}
	p->nmods = k;
	out->mods = p->mods;
	out->nmods = k;
	out->stacks_cut = job->stacks_cut;
	out->stack_depth = job->stack_depth;
	out->preload = !strcmp(job->source, "iolens-trace");
	/* of binaries that are here, whose lines would be used */
	out->written_after = here ? written_after(job) : 0;
}

int iol_blocks_build(const struct iol_job *job, const struct iol_blocks_opts *o,
		     struct iol_blocks **outp, struct iol_error *err)
{
	struct build bd;
	struct iol_blocks *out;
	size_t ns, i;
	int r;

	*outp = NULL;
	if (!job->stacks)
		return iol_error_set(
			err, IOL_EUNSUPP,
			"the trace has no call stacks (record "
			"with strace -k or iolens trace --stacks)");
	memset(&bd, 0, sizeof(bd));
	bd.job = job;
	bd.stk = job->stacks;
	bd.nostack = bd.loader_box = bd.mpilib_box = bd.ldso_box = -1;
	ns = iol_stacks_count(bd.stk) + 1;
	out = calloc(1, sizeof(*out));
	if (out)
		out->priv = calloc(1, sizeof(*out->priv));
	bd.fl = calloc(iol_stacks_nframes(bd.stk) + 1, sizeof(*bd.fl));
	bd.pstart = calloc(ns, sizeof(*bd.pstart));
	bd.plen = malloc(ns * sizeof(*bd.plen));
	bd.si = calloc(ns, sizeof(*bd.si));
	if (!out || !out->priv || !bd.fl || !bd.pstart || !bd.plen || !bd.si ||
	    !(out->priv->sym = iol_symbols_new())) {
		build_free(&bd);
		iol_blocks_free(out);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	for (i = 0; i < ns; i++)
		bd.plen[i] = UINT32_MAX;
	bd.sym = out->priv->sym;
	bd.priv = out->priv;
	bd.overhead = o && o->overhead > 0 ? o->overhead : 0;
	bd.robust = o && o->robust;
	if (o && o->nsrcmap > 0 && o->srcmap) {
		bd.srcmap = o->srcmap;
		bd.nsrcmap = o->nsrcmap;
	}
	/* robust: the floor, not the fastest call, keeps each call's
	 * order */
	r = bd.robust ? robust_groups(&bd, err) : overhead_cap(&bd, err);
	out->overhead = bd.overhead;
	if (r >= 0)
		r = run_events(&bd, out, err);
	out->maps = bd.maps;
	out->map_bytes = bd.map_bytes;
	out->map_wbytes = bd.map_bytes < 0 ? -1 : bd.map_wbytes;
	out->folded = bd.folded;
	out->launcher = bd.first_launcher;
	out->src_missing =
		iol_symbols_missing(out->priv->sym, &out->src_missing_first);
	if (r >= 0 && (r = order(&bd, out)) < 0)
		iol_error_set(err, r, "out of memory");
	build_free(&bd);
	if (r < 0) {
		iol_blocks_free(out);
		return r;
	}
	if (trips(out) < 0) {
		iol_blocks_free(out);
		return iol_error_set(err, IOL_ENOMEM, "out of memory");
	}
	intensities(out);
	check_modules(job, out);
	/* the tracer counted the stacks cut only above main() too */
	out->stacks_cut =
		job->stacks_cut > bd.uncut ? job->stacks_cut - bd.uncut : 0;
	*outp = out;
	return 0;
}

void iol_blocks_free(struct iol_blocks *b)
{
	size_t i;

	if (!b)
		return;
	if (b->priv) {
		iol_symbols_free(b->priv->sym);
		for (i = 0; i < b->priv->nstrs; i++)
			free(b->priv->strs[i]);
		free(b->priv->strs);
		free(b->priv);
	}
	free(b->v);
	free(b);
}
