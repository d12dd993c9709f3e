/*
 * Symbolization with elfutils (sources/symbols.h): one Dwfl a module,
 * reported offline from its file, so that an address is the module's
 * own virtual address plus the bias libdw chose; the offset strace -k
 * records is a file offset, turned into that address through the
 * module's PT_LOAD program headers.  Source loops: a scan of the source
 * file's tokens (comments, strings and preprocessor lines skipped).
 *
 * libdw is loaded with dlopen() when the first table is made, as the
 * drawing module is (README, "How it is built"): linked, it and its
 * libraries cost every iolens command some 0.5 ms at start, 20 % of
 * `iolens --version`; without it on the machine, frames keep the names
 * the trace gave them.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/error.h"
#include "base/grow.h"
#include "base/hash.h"
#include "sources/symbols.h"
#include "base/banned.h"

/* the functions of libdw (and of libelf, which it loads) used here */
/* clang-format off */
#define DW_FUNCS(X) \
	X(dwfl_begin) \
	X(dwfl_report_offline) \
	X(dwfl_report_end) \
	X(dwfl_end) \
	X(dwfl_module_getdwarf) \
	X(dwfl_module_getelf) \
	X(dwfl_module_addrdie) \
	X(dwfl_module_nextcu) \
	X(dwarf_haspc) \
	X(dwarf_getsrc_die) \
	X(dwarf_linesrc) \
	X(dwarf_lineno) \
	X(dwfl_module_getsrc) \
	X(dwfl_lineinfo) \
	X(dwfl_module_addrinfo) \
	X(dwfl_module_eh_cfi) \
	X(dwfl_build_id_find_elf) \
	X(dwfl_standard_find_debuginfo) \
	X(dwfl_offline_section_address) \
	X(dwarf_getscopes) \
	X(dwarf_getscopes_die) \
	X(dwarf_tag) \
	X(dwarf_diename) \
	X(dwarf_attr_integrate) \
	X(dwarf_formudata) \
	X(dwarf_attr) \
	X(dwarf_formstring) \
	X(dwarf_getsrcfiles) \
	X(dwarf_filesrc) \
	X(dwarf_cfi_addrframe) \
	X(dwarf_frame_info) \
	X(elf_getphdrnum) \
	X(gelf_getphdr) \
	X(gelf_getehdr)
/* clang-format on */
#define DW_MEMBER(f) __typeof__(&f) f;
#define DW_NAME(f) #f,
static struct dwsyms {
	DW_FUNCS(DW_MEMBER)
} dw;
static const char *const dw_names[] = {DW_FUNCS(DW_NAME)};
static int dw_ok; /* loaded, every function found */
static pthread_once_t dw_once = PTHREAD_ONCE_INIT;
static char *debuginfo_path;
static Dwfl_Callbacks offline_cb = {.debuginfo_path = &debuginfo_path};

static void dw_load(void)
{
	void *h = dlopen("libdw.so.1", RTLD_NOW | RTLD_LOCAL);
	void **slot = (void **)&dw;
	size_t i, n = sizeof(dw_names) / sizeof(*dw_names);

	if (!h || sizeof(dw) != n * sizeof(void *))
		return;
	for (i = 0; i < n; i++)
		if (!(slot[i] = dlsym(h, dw_names[i])))
			return;
	offline_cb.find_elf = dw.dwfl_build_id_find_elf;
	offline_cb.find_debuginfo = dw.dwfl_standard_find_debuginfo;
	offline_cb.section_address = dw.dwfl_offline_section_address;
	dw_ok = 1;
}

/* from here on, the names call through the table */
#define dwfl_begin (dw.dwfl_begin)
#define dwfl_report_offline (dw.dwfl_report_offline)
#define dwfl_report_end (dw.dwfl_report_end)
#define dwfl_end (dw.dwfl_end)
#define dwfl_module_getdwarf (dw.dwfl_module_getdwarf)
#define dwfl_module_getelf (dw.dwfl_module_getelf)
#define dwfl_module_addrdie (dw.dwfl_module_addrdie)
#define dwfl_module_nextcu (dw.dwfl_module_nextcu)
#define dwarf_haspc (dw.dwarf_haspc)
#define dwarf_getsrc_die (dw.dwarf_getsrc_die)
#define dwarf_linesrc (dw.dwarf_linesrc)
#define dwarf_lineno (dw.dwarf_lineno)
#define dwfl_module_getsrc (dw.dwfl_module_getsrc)
#define dwfl_lineinfo (dw.dwfl_lineinfo)
#define dwfl_module_addrinfo (dw.dwfl_module_addrinfo)
#define dwfl_module_eh_cfi (dw.dwfl_module_eh_cfi)
#define dwarf_getscopes (dw.dwarf_getscopes)
#define dwarf_getscopes_die (dw.dwarf_getscopes_die)
#define dwarf_tag (dw.dwarf_tag)
#define dwarf_diename (dw.dwarf_diename)
#define dwarf_attr_integrate (dw.dwarf_attr_integrate)
#define dwarf_formudata (dw.dwarf_formudata)
#define dwarf_attr (dw.dwarf_attr)
#define dwarf_formstring (dw.dwarf_formstring)
#define dwarf_getsrcfiles (dw.dwarf_getsrcfiles)
#define dwarf_filesrc (dw.dwarf_filesrc)
#define dwarf_cfi_addrframe (dw.dwarf_cfi_addrframe)
#define dwarf_frame_info (dw.dwarf_frame_info)
#define elf_getphdrnum (dw.elf_getphdrnum)
#define gelf_getphdr (dw.gelf_getphdr)
#define gelf_getehdr (dw.gelf_getehdr)

#define SRC_MAX (64u << 20) /* larger source files are not scanned */
#define LOOP_NEST 64

struct smod {
	char *path;
	Dwfl *dwfl; /* NULL: the file could not be read */
	Dwfl_Module *mod;
	int has_dwarf;
};

struct sfile {
	char *path;
	struct iol_loop *loops; /* by keyword line */
	size_t n;
	int missing; /* not found, or not a readable file */
	int own;     /* a source of the program's (iol_symbols_own) */
};

struct iol_symbols {
	struct smod *mods;
	size_t nmods, capmods;
	struct iol_index mix;
	struct sfile *files;
	size_t nfiles, capfiles;
	struct iol_index fix;
	char **strs; /* the inline chains made */
	size_t nstrs, capstrs;
};

struct iol_symbols *iol_symbols_new(void)
{
	pthread_once(&dw_once, dw_load);
	return calloc(1, sizeof(struct iol_symbols));
}

void iol_symbols_free(struct iol_symbols *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nmods; i++) {
		if (s->mods[i].dwfl)
			dwfl_end(s->mods[i].dwfl);
		free(s->mods[i].path);
	}
	for (i = 0; i < s->nfiles; i++) {
		free(s->files[i].path);
		free(s->files[i].loops);
	}
	for (i = 0; i < s->nstrs; i++)
		free(s->strs[i]);
	free(s->strs);
	free(s->mods);
	free(s->files);
	iol_index_release(&s->mix);
	iol_index_release(&s->fix);
	free(s);
}

/* ---- modules ---- */

struct pkey {
	const void *arr;
	size_t stride;
	const char *path;
};

static int path_eq(const void *ctx, uint32_t i)
{
	const struct pkey *k = ctx;

	return !strcmp(*(char *const *)((const char *)k->arr + i * k->stride),
		       k->path);
}

static uint64_t mod_hash(const void *ctx, uint32_t i)
{
	return iol_hash_str(((const struct iol_symbols *)ctx)->mods[i].path);
}

static uint64_t file_hash(const void *ctx, uint32_t i)
{
	return iol_hash_str(((const struct iol_symbols *)ctx)->files[i].path);
}

static void mod_open(struct smod *m)
{
	struct stat sb;
	Dwarf_Addr bias;

	if (!dw_ok || stat(m->path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return;
	if (!(m->dwfl = dwfl_begin(&offline_cb)))
		return;
	m->mod = dwfl_report_offline(m->dwfl, m->path, m->path, -1);
	dwfl_report_end(m->dwfl, NULL, NULL);
	if (!m->mod) {
		dwfl_end(m->dwfl);
		m->dwfl = NULL;
		return;
	}
	m->has_dwarf = dwfl_module_getdwarf(m->mod, &bias) != NULL;
}

/* the module of path, opened at its first use; NULL: no memory */
static struct smod *mod_get(struct iol_symbols *s, const char *path)
{
	struct pkey k = {s->mods, sizeof(*s->mods), path};
	uint64_t h = iol_hash_str(path);
	struct smod *nm;
	uint32_t *slot;

	if (s->mix.slot) {
		k.arr = s->mods;
		slot = iol_index_slot(&s->mix, h, path_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return &s->mods[*slot];
	}
	if (iol_index_reserve(&s->mix, mod_hash, s) < 0 ||
	    !(nm = iol_grow(s->mods, &s->capmods, s->nmods, sizeof(*nm), 16)))
		return NULL;
	s->mods = nm;
	memset(&nm[s->nmods], 0, sizeof(*nm));
	if (!(nm[s->nmods].path = strdup(path)))
		return NULL;
	k.arr = s->mods;
	slot = iol_index_slot(&s->mix, h, path_eq, &k);
	*slot = (uint32_t)s->nmods;
	s->mix.n++;
	mod_open(&nm[s->nmods]);
	return &s->mods[s->nmods++];
}

/* the module's address of file offset off; 0 when no segment holds it */
static int vaddr_of(struct smod *m, uint64_t off, Dwarf_Addr *addr)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(m->mod, &bias);
	size_t n, i;

	if (!elf || elf_getphdrnum(elf, &n) != 0)
		return 0;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (off >= ph.p_offset && off - ph.p_offset < ph.p_filesz) {
			*addr = off - ph.p_offset + ph.p_vaddr + bias;
			return 1;
		}
	}
	return 0;
}

static const char *keep_str(struct iol_symbols *s, char *str)
{
	char **ns;

	if (!str)
		return NULL;
	if (!(ns = iol_grow(s->strs, &s->capstrs, s->nstrs, sizeof(*ns), 64))) {
		free(str);
		return NULL;
	}
	s->strs = ns;
	s->strs[s->nstrs++] = str;
	return str;
}

/* an inlined call's site: its line (0 unknown) and *file (NULL unknown) */
static int call_site(Dwarf_Die *cu, Dwarf_Die *inl, const char **file)
{
	Dwarf_Attribute a;
	Dwarf_Word line = 0, idx;
	Dwarf_Files *files;
	size_t nfiles;

	*file = NULL;
	if (dwarf_attr_integrate(inl, DW_AT_call_file, &a) &&
	    dwarf_formudata(&a, &idx) == 0 &&
	    dwarf_getsrcfiles(cu, &files, &nfiles) == 0 && idx < nfiles)
		*file = dwarf_filesrc(files, idx, NULL, NULL);
	if (!dwarf_attr_integrate(inl, DW_AT_call_line, &a) ||
	    dwarf_formudata(&a, &line) != 0 || line > INT32_MAX)
		return 0;
	return (int)line;
}

/*
 * The compilation unit holding addr.  libdw finds it through
 * .debug_aranges, which clang (14) does not write unless asked
 * (-gdwarf-aranges): then each unit is asked whether its ranges hold
 * addr.
 */
static Dwarf_Die *cu_of(struct smod *m, Dwarf_Addr addr, Dwarf_Addr *bias)
{
	Dwarf_Die *cu = dwfl_module_addrdie(m->mod, addr, bias);

	if (cu)
		return cu;
	while ((cu = dwfl_module_nextcu(m->mod, cu, bias)))
		if (dwarf_haspc(cu, addr - *bias) > 0)
			return cu;
	return NULL;
}

/* the functions of scopes sc[0..n) (innermost first) into loc: the first
 * named is loc->func, the others the chain it was inlined into, each
 * with the call site of the one inside it; up to the first subprogram */
static void chain_of(Dwarf_Die *cu, Dwarf_Die *sc, int n,
		     struct iol_symloc *loc, char *chain, size_t cap)
{
	const char *cfile = NULL;
	size_t cl = 0;
	int i, cline = 0;

	for (i = 0; i < n; i++) {
		int tag = dwarf_tag(&sc[i]);
		const char *name;

		if (tag != DW_TAG_subprogram &&
		    tag != DW_TAG_inlined_subroutine)
			continue;
		name = dwarf_diename(&sc[i]);
		if (name && !loc->func) {
			loc->func = name;
		} else if (name) {
			if (cl + strlen(name) + 2 < cap)
				cl += (size_t)snprintf(chain + cl, cap - cl,
						       "%s%s", cl ? ";" : "",
						       name);
			if (loc->ninl < IOL_SYM_INLINE) {
				loc->inl_func[loc->ninl] = name;
				loc->inl_file[loc->ninl] = cfile;
				loc->inl_line[loc->ninl++] = cline;
			}
		}
		if (tag == DW_TAG_subprogram)
			break;
		cline = call_site(cu, &sc[i], &cfile);
	}
}

/* function and inline chain from the DWARF scopes of addr.  The scopes
 * of an address in inlined code end in the inlined function's own
 * (abstract) definition; the functions it was inlined into are the
 * scopes around its inlined instance (dwarf_getscopes_die). */
static int scopes_of(struct iol_symbols *s, struct smod *m, Dwarf_Addr addr,
		     struct iol_symloc *loc)
{
	Dwarf_Addr bias;
	Dwarf_Die *cu = cu_of(m, addr, &bias), *sc = NULL;
	Dwarf_Die *outer = NULL;
	char chain[1024];
	int n, i, k, ret = 0;

	if (!cu || (n = dwarf_getscopes(cu, addr - bias, &sc)) <= 0)
		return 0;
	chain[0] = '\0';
	for (i = 0; i < n; i++) {
		int tag = dwarf_tag(&sc[i]);

		if (tag == DW_TAG_inlined_subroutine &&
		    (k = dwarf_getscopes_die(&sc[i], &outer)) > 0) {
			chain_of(cu, outer, k, loc, chain, sizeof(chain));
			break;
		}
		if (tag == DW_TAG_subprogram ||
		    tag == DW_TAG_inlined_subroutine) {
			chain_of(cu, sc + i, n - i, loc, chain, sizeof(chain));
			break;
		}
	}
	free(outer);
	free(sc);
	if (chain[0] && !(loc->inlined_in = keep_str(s, strdup(chain))))
		ret = IOL_ENOMEM;
	return ret;
}

/* A stripped binary still has its unwind table (.eh_frame): the entry
 * that holds addr starts where its function starts, so that the return
 * addresses of one function are told as one. */
static uint64_t fde_start(struct smod *m, Dwarf_Addr addr)
{
	Dwarf_Addr bias, start = 0, end = 0;
	GElf_Addr ebias;
	Dwarf_CFI *cfi = dwfl_module_eh_cfi(m->mod, &bias);
	Dwarf_Frame *fr = NULL;

	if (!cfi || dwarf_cfi_addrframe(cfi, addr - bias, &fr) != 0)
		return 0;
	if (dwarf_frame_info(fr, &start, &end, NULL) < 0)
		start = 0;
	free(fr);
	dwfl_module_getelf(m->mod, &ebias);
	return start ? start + bias - ebias : 0;
}

/* Whether a function starting at start (fde_start) is the ELF entry
 * point: a stripped executable's _start, which has no symbol left. */
static int is_entry(struct smod *m, uint64_t start)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(m->mod, &bias);
	GElf_Ehdr eh;

	return start && elf && gelf_getehdr(elf, &eh) && eh.e_entry == start;
}

/* file and line of addr from its unit's line table (a unit cu_of()
 * finds without .debug_aranges); 1 when found */
static int line_of_cu(struct smod *m, Dwarf_Addr addr, struct iol_symloc *loc)
{
	Dwarf_Addr bias;
	Dwarf_Die *cu = cu_of(m, addr, &bias);
	Dwarf_Line *ln = cu ? dwarf_getsrc_die(cu, addr - bias) : NULL;
	int lineno = 0;

	if (!ln || !(loc->file = dwarf_linesrc(ln, NULL, NULL)))
		return 0;
	if (dwarf_lineno(ln, &lineno) == 0 && lineno > 0)
		loc->line = lineno;
	return 1;
}

/*
 * A source name relative to the compiler's directory (`gcc -g
 * src/x.c`): under the unit's DW_AT_comp_dir when there, else as it is,
 * from the current directory (issue 33 D8: looked for from the
 * current directory only).  NULL out of memory.
 */
static const char *under_comp_dir(struct iol_symbols *s, const char *dir,
				  const char *file)
{
	struct stat sb;
	size_t n;
	char *p;

	if (!file || file[0] == '/' || !dir || dir[0] != '/')
		return file;
	n = strlen(dir) + strlen(file) + 2;
	if (!(p = malloc(n)))
		return NULL;
	snprintf(p, n, "%s/%s", dir, file);
	if (stat(p, &sb) != 0 && stat(file, &sb) == 0) {
		free(p);
		return file;
	}
	return keep_str(s, p);
}

/* loc's relative file names joined to its unit's compiler directory */
static int absolute_files(struct iol_symbols *s, struct smod *m,
			  Dwarf_Addr addr, struct iol_symloc *loc)
{
	Dwarf_Addr bias;
	Dwarf_Die *cu;
	Dwarf_Attribute a;
	const char *dir;
	int i;

	if (!(loc->file && loc->file[0] != '/') &&
	    !(loc->ninl > 0 && loc->inl_file[0] && loc->inl_file[0][0] != '/'))
		return 0;
	if (!(cu = cu_of(m, addr, &bias)) ||
	    !dwarf_attr(cu, DW_AT_comp_dir, &a) ||
	    !(dir = dwarf_formstring(&a)))
		return 0;
	if (loc->file && !(loc->file = under_comp_dir(s, dir, loc->file)))
		return IOL_ENOMEM;
	for (i = 0; i < loc->ninl && i < 8; i++)
		if (loc->inl_file[i] && !(loc->inl_file[i] = under_comp_dir(
						  s, dir, loc->inl_file[i])))
			return IOL_ENOMEM;
	return 0;
}

int iol_symbols_lookup(struct iol_symbols *s, const char *module,
		       uint64_t fileoff, struct iol_symloc *loc)
{
	struct smod *m;
	Dwarf_Addr addr;
	Dwfl_Line *ln;
	GElf_Sym sym;
	GElf_Off soff;
	int lineno = 0;

	memset(loc, 0, sizeof(*loc));
	if (!module || !*module || !fileoff)
		return 0;
	if (!(m = mod_get(s, module)))
		return IOL_ENOMEM;
	if (!m->dwfl || !vaddr_of(m, fileoff, &addr))
		return 0;
	addr--; /* a return address: the call is the instruction before */
	loc->has_dwarf = m->has_dwarf;
	if (m->has_dwarf && (ln = dwfl_module_getsrc(m->mod, addr))) {
		loc->file = dwfl_lineinfo(ln, NULL, &lineno, NULL, NULL, NULL);
		loc->line = lineno > 0 ? lineno : 0;
		if (scopes_of(s, m, addr, loc) < 0)
			return IOL_ENOMEM;
	} else if (m->has_dwarf && line_of_cu(m, addr, loc)) {
		if (scopes_of(s, m, addr, loc) < 0)
			return IOL_ENOMEM;
	}
	if (m->has_dwarf && absolute_files(s, m, addr, loc) < 0)
		return IOL_ENOMEM;
	loc->sym = dwfl_module_addrinfo(m->mod, addr, &soff, &sym, NULL, NULL,
					NULL);
	loc->sym_off = loc->sym ? soff + 1 : 0; /* the return address's */
	if (!loc->func)
		loc->func = loc->sym;
	if (!loc->func)
		loc->func_start = fde_start(m, addr);
	if (!loc->func && is_entry(m, loc->func_start))
		loc->func = "_start";
	return 0;
}

/* ---- loops of a source file ---- */

struct scan {
	const char *p, *e;
	int line;
	int bol; /* at the start of a line (a '#' there is the preprocessor's)
		  */
	struct iol_loop *loops;
	size_t n, cap;
	int oom;
};

/* the next token's first character (0 at the end), comments, strings,
 * character constants and preprocessor lines passed over; *id set to
 * the length of an identifier that starts there */
static int next_tok(struct scan *sc, const char **tok, size_t *id)
{
	const char *p = sc->p, *e = sc->e;
	int bol = sc->bol;

	*id = 0;
	for (;;) {
		while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' ||
				 *p == '\r' || *p == '\f' || *p == '\v')) {
			if (*p == '\n')
				sc->line++, bol = 1;
			p++;
		}
		if (p >= e)
			break;
		if (*p == '#' && bol) {
			while (p < e && *p != '\n') {
				if (*p == '\\' && p + 1 < e && p[1] == '\n')
					p++, sc->line++;
				p++;
			}
			continue;
		}
		if (*p == '/' && p + 1 < e && p[1] == '/') {
			while (p < e && *p != '\n')
				p++;
			continue;
		}
		if (*p == '/' && p + 1 < e && p[1] == '*') {
			for (p += 2; p + 1 < e && !(p[0] == '*' && p[1] == '/');
			     p++)
				if (*p == '\n')
					sc->line++;
			p = p + 2 < e ? p + 2 : e;
			continue;
		}
		bol = 0;
		if (*p == '"' || *p == '\'') {
			char q = *p++;

			while (p < e && *p != q && *p != '\n') {
				if (*p == '\\' && p + 1 < e)
					p++;
				p++;
			}
			if (p < e && *p == q)
				p++;
			continue;
		}
		break;
	}
	sc->p = p;
	sc->bol = 0;
	if (p >= e)
		return 0;
	*tok = p;
	if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
		while (p < e &&
		       ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			(*p >= '0' && *p <= '9') || *p == '_'))
			p++;
		*id = (size_t)(p - *tok);
		sc->p = p;
		return (unsigned char)**tok;
	}
	sc->p = p + 1;
	return (unsigned char)*p;
}

static long add_loop(struct scan *sc, int line, int first)
{
	struct iol_loop *nl =
		iol_grow(sc->loops, &sc->cap, sc->n, sizeof(*nl), 32);

	if (!nl) {
		sc->oom = 1;
		return -1;
	}
	sc->loops = nl;
	nl[sc->n].line = line;
	nl[sc->n].first = first;
	nl[sc->n].last = first;
	return (long)sc->n++;
}

static int is_kw(const char *t, size_t n, const char *kw)
{
	return n == strlen(kw) && !memcmp(t, kw, n);
}

/*
 * The scan: braces on a stack, each marked with the loop whose body it
 * opens (or -1); a loop whose body is one statement ends at the next
 * ";" at its depth, or at a "}" that leaves it.  "while (...);" after a
 * do's body opens nothing.
 */
static void scan_loops(struct scan *sc)
{
	long bstack[LOOP_NEST * 4], pend[LOOP_NEST];
	int pdepth[LOOP_NEST];
	int depth = 0, npend = 0, head = 0, paren = 0, kwline = 0, c;
	int pclose = 0;
	const char *t;
	size_t id;

	while (!sc->oom && (c = next_tok(sc, &t, &id)) != 0) {
		/* a "}" back at the depth of a loop whose body is one
		 * statement ended that statement (for (...) for (...) {
		 * ... }), unless an else goes on with it */
		if (pclose && !(id && is_kw(t, id, "else")))
			while (npend > 0 && pdepth[npend - 1] >= depth) {
				sc->loops[pend[npend - 1]].last = pclose;
				npend--;
			}
		pclose = 0;
		if (head == 1) { /* for/while: its "(" */
			head = c == '(' ? 2 : 0;
			paren = 1;
			continue;
		}
		if (head == 2) { /* inside the head's parentheses */
			paren += c == '(' ? 1 : c == ')' ? -1 : 0;
			if (paren == 0)
				head = 3;
			continue;
		}
		if (head == 3) { /* the body's first token */
			long li;

			head = 0;
			if (c == ';')
				continue;
			li = add_loop(sc, kwline, sc->line);
			if (li < 0)
				break;
			if (c == '{') {
				if (depth <
				    (int)(sizeof(bstack) / sizeof(*bstack)))
					bstack[depth] = li;
				depth++;
				continue;
			}
			if (npend < LOOP_NEST) {
				pend[npend] = li;
				pdepth[npend++] = depth;
			}
			/* the token itself may open a loop again */
		}
		if (id && (is_kw(t, id, "for") || is_kw(t, id, "while"))) {
			head = 1;
			kwline = sc->line;
		} else if (id && is_kw(t, id, "do")) {
			head = 3;
			kwline = sc->line;
		} else if (c == '{') {
			if (depth < (int)(sizeof(bstack) / sizeof(*bstack)))
				bstack[depth] = -1;
			depth++;
		} else if (c == '}' || c == ';') {
			if (c == '}' && depth > 0) {
				depth--;
				if (depth < (int)(sizeof(bstack) /
						  sizeof(*bstack)) &&
				    bstack[depth] >= 0)
					sc->loops[bstack[depth]].last =
						sc->line;
			}
			while (npend > 0 &&
			       (pdepth[npend - 1] > depth ||
				(c == ';' && pdepth[npend - 1] == depth))) {
				sc->loops[pend[npend - 1]].last = sc->line;
				npend--;
			}
			if (c == '}' && npend > 0 && pdepth[npend - 1] == depth)
				pclose = sc->line;
		}
	}
}

static struct sfile *file_get(struct iol_symbols *s, const char *path)
{
	struct pkey k = {s->files, sizeof(*s->files), path};
	uint64_t h = iol_hash_str(path);
	struct sfile *nf, *f;
	struct scan sc;
	uint32_t *slot;
	struct stat sb;
	FILE *fp;
	char *buf = NULL;

	if (s->fix.slot) {
		slot = iol_index_slot(&s->fix, h, path_eq, &k);
		if (*slot != IOL_INDEX_EMPTY)
			return &s->files[*slot];
	}
	if (iol_index_reserve(&s->fix, file_hash, s) < 0 ||
	    !(nf = iol_grow(s->files, &s->capfiles, s->nfiles, sizeof(*nf),
			    16)))
		return NULL;
	s->files = nf;
	f = &nf[s->nfiles];
	memset(f, 0, sizeof(*f));
	if (!(f->path = strdup(path)))
		return NULL;
	k.arr = s->files;
	slot = iol_index_slot(&s->fix, h, path_eq, &k);
	*slot = (uint32_t)s->nfiles++;
	s->fix.n++;
	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_size > (off_t)SRC_MAX || !(fp = fopen(path, "r"))) {
		f->missing = 1;
		return f;
	}
	buf = malloc((size_t)sb.st_size + 1);
	if (buf) {
		size_t n = fread(buf, 1, (size_t)sb.st_size, fp);

		memset(&sc, 0, sizeof(sc));
		sc.p = buf;
		sc.e = buf + n;
		sc.line = 1;
		sc.bol = 1;
		scan_loops(&sc);
		if (sc.oom) {
			free(sc.loops);
			sc.loops = NULL;
			sc.n = 0;
		}
		f->loops = sc.loops;
		f->n = sc.n;
	}
	fclose(fp);
	free(buf);
	return buf ? f : NULL;
}

int iol_symbols_own(struct iol_symbols *s, const char *path)
{
	struct sfile *f = path ? file_get(s, path) : NULL;

	if (path && !f)
		return IOL_ENOMEM;
	if (f)
		f->own = 1;
	return 0;
}

size_t iol_symbols_missing(const struct iol_symbols *s, const char **first)
{
	size_t i, n = 0;

	*first = NULL;
	for (i = 0; i < s->nfiles; i++)
		if (s->files[i].missing && s->files[i].own && !n++)
			*first = s->files[i].path;
	return n;
}

int iol_symbols_loops(struct iol_symbols *s, const char *path, int line,
		      struct iol_loop *out, int max)
{
	struct sfile *f;
	size_t i;
	int n = 0;

	if (!path || line <= 0 || max <= 0)
		return 0;
	if (!(f = file_get(s, path)))
		return IOL_ENOMEM;
	/* in keyword order, an outer loop comes before the loops in it */
	for (i = 0; i < f->n && n < max; i++)
		if (f->loops[i].line <= line && line <= f->loops[i].last)
			out[n++] = f->loops[i];
	return n;
}
