/*
 * The parallel tree walk behind iolens fsstats.  Directories wait on one
 * shared stack; each worker takes one, reads it with readdir and
 * fstatat(AT_SYMLINK_NOFOLLOW) relative to the open directory (so no path
 * is resolved twice and no symlink is followed), adds to its own
 * histograms and pushes the subdirectories it found under one lock.  The
 * walk ends when the stack is empty and no worker is busy.  Hard-linked
 * inodes are collected per worker and counted once at the end.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "storage/fswalk.h"
#include "base/grow.h"
#include "base/banned.h"

struct work {
	char *path;
	uint32_t depth;
	dev_t dev;
};

struct link {
	dev_t dev;
	ino_t ino;
	uint64_t size, alloc;
	int64_t mtime, atime;
};

struct local {
	struct iol_fsstats st;
	struct link *links;
	size_t nl, capl;
	int oom;
	pthread_t tid;
	struct shared *sh;
};

struct shared {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct work *q;
	size_t n, cap;
	int active, oom;
	uint64_t dirs_done, files_done; /* for o->progress */
	const struct iol_fsopts *o;
};

int iol_fs_size_bin(uint64_t size)
{
	return size ? 64 - __builtin_clzll(size) : 0;
}

int iol_fs_age_bin(int64_t age)
{
	uint64_t days;
	int k;

	if (age < 0)
		return 0;
	days = (uint64_t)age / 86400;
	if (!days)
		return 1;
	k = 2 + (63 - __builtin_clzll(days));
	return k < IOL_FS_AGE_BINS ? k : IOL_FS_AGE_BINS - 1;
}

void iol_fs_size_range(int bin, uint64_t *lo, uint64_t *hi)
{
	*lo = bin ? UINT64_C(1) << (bin - 1) : 0;
	*hi = bin == 0 ? 1 : bin < 64 ? UINT64_C(1) << bin : 0;
}

void iol_fs_age_range(int bin, double *lo, double *hi)
{
	*lo = bin == 0 ? -1 : bin == 1 ? 0 : (double)(UINT64_C(1) << (bin - 2));
	*hi = bin == 0 ? 0 : (double)(UINT64_C(1) << (bin - 1));
	if (bin == IOL_FS_AGE_BINS - 1)
		*hi = 0;
}

static void count_errno(struct iol_fsstats *st, int e)
{
	if (e == ENOENT || e == ENOTDIR)
		st->vanished++;
	else if (e == EACCES || e == EPERM)
		st->denied++;
	else
		st->errors++;
}

/* One inode into the total and the histograms: a file with several
 * links counts once in both (the 5,004 bytes of the total are the
 * histograms' bytes too). */
static void add_inode(struct iol_fsstats *st, uint64_t size, uint64_t alloc,
		      int64_t mtime, int64_t atime)
{
	int b = iol_fs_size_bin(size);

	st->bytes += size;
	st->alloc_bytes += alloc;
	st->size_count[b]++;
	st->size_bytes[b] += size;
	b = iol_fs_age_bin(st->now - mtime);
	st->mage_count[b]++;
	st->mage_bytes[b] += size;
	b = iol_fs_age_bin(st->now - atime);
	st->aage_count[b]++;
	st->aage_bytes[b] += size;
}

static void add_file(struct local *l, const struct stat *sb, const char *dir,
		     const char *name)
{
	struct iol_fsstats *st = &l->st;
	uint64_t size = sb->st_size > 0 ? (uint64_t)sb->st_size : 0;
	uint64_t alloc = (uint64_t)sb->st_blocks * 512;

	st->files++;
	st->entry_bytes += size;
	if (size > st->max_size || !st->largest[0]) {
		st->max_size = size;
		snprintf(st->largest, sizeof(st->largest), "%s/%s", dir, name);
	}
	if (sb->st_nlink > 1) {
		struct link *n =
			iol_grow(l->links, &l->capl, l->nl, sizeof(*n), 64);

		st->linked_files++;
		if (!n) {
			l->oom = 1;
			return;
		}
		l->links = n;
		/* its histograms once per inode, in links_once() */
		n[l->nl++] = (struct link){sb->st_dev,
					   sb->st_ino,
					   size,
					   alloc,
					   (int64_t)sb->st_mtime,
					   (int64_t)sb->st_atime};
		return;
	}
	add_inode(st, size, alloc, (int64_t)sb->st_mtime,
		  (int64_t)sb->st_atime);
}

/* a subdirectory to visit: appended to the worker's list */
static int add_dir(struct work **v, size_t *n, size_t *cap,
		   const struct work *w, const char *name, dev_t dev)
{
	size_t pl = strlen(w->path), nl = strlen(name);
	struct work *nv = iol_grow(*v, cap, *n, sizeof(**v), 16);
	char *p;

	if (!nv)
		return -1;
	*v = nv;
	p = malloc(pl + nl + 2);
	if (!p)
		return -1;
	memcpy(p, w->path, pl);
	p[pl] = '/';
	memcpy(p + pl + 1, name, nl + 1);
	nv[(*n)++] = (struct work){p, w->depth + 1, dev};
	return 0;
}

static void entry(struct local *l, DIR *d, const struct work *w,
		  const char *name, struct work **sub, size_t *nsub,
		  size_t *capsub, uint64_t *nfiles)
{
	struct iol_fsstats *st = &l->st;
	const struct iol_fsopts *o = l->sh->o;
	size_t len = strlen(name);
	struct stat sb;

	st->name_len[len < IOL_FS_NAME_MAX ? len : IOL_FS_NAME_MAX]++;
	if (fstatat(dirfd(d), name, &sb, AT_SYMLINK_NOFOLLOW) < 0) {
		count_errno(st, errno);
		return;
	}
	if (S_ISREG(sb.st_mode)) {
		add_file(l, &sb, w->path, name);
		(*nfiles)++;
	} else if (S_ISDIR(sb.st_mode)) {
		st->dirs++;
		if (sb.st_dev != w->dev && !o->cross_mounts)
			st->other_fs++;
		else if (add_dir(sub, nsub, capsub, w, name, sb.st_dev) < 0)
			l->oom = 1;
	} else if (S_ISLNK(sb.st_mode)) {
		st->symlinks++;
	} else {
		st->others++;
	}
}

static void visit(struct local *l, const struct work *w, struct work **sub,
		  size_t *nsub, size_t *capsub)
{
	struct iol_fsstats *st = &l->st;
	const struct iol_fsopts *o = l->sh->o;
	uint64_t nfiles = 0;
	struct dirent *de;
	int hooked = 0;
	DIR *d;

	if (w->depth > st->max_depth)
		st->max_depth = w->depth;
	d = opendir(w->path);
	if (!d) {
		count_errno(st, errno);
		return;
	}
	while ((errno = 0, de = readdir(d)) != NULL) {
		/* the hook runs once the first entries are read (and so
		 * buffered): what it removes then vanishes mid-walk */
		if (o->hook && !hooked++)
			o->hook(w->path, o->hook_arg);
		if (de->d_name[0] == '.' &&
		    (!de->d_name[1] ||
		     (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		entry(l, d, w, de->d_name, sub, nsub, capsub, &nfiles);
	}
	if (errno)
		count_errno(st, errno);
	closedir(d);
	st->dir_files[iol_fs_size_bin(nfiles) < IOL_FS_DIR_BINS
			      ? iol_fs_size_bin(nfiles)
			      : IOL_FS_DIR_BINS - 1]++;
	if (nfiles > st->max_dir_files)
		st->max_dir_files = nfiles;
}

static void *worker(void *arg)
{
	struct local *l = arg;
	struct shared *sh = l->sh;
	struct work w, *sub = NULL;
	size_t nsub, capsub = 0, i;
	uint64_t files0;

	for (;;) {
		pthread_mutex_lock(&sh->mu);
		while (!sh->n && sh->active)
			pthread_cond_wait(&sh->cv, &sh->mu);
		if (!sh->n) {
			pthread_cond_broadcast(&sh->cv);
			pthread_mutex_unlock(&sh->mu);
			break;
		}
		w = sh->q[--sh->n];
		sh->active++;
		pthread_mutex_unlock(&sh->mu);

		nsub = 0;
		files0 = l->st.files;
		visit(l, &w, &sub, &nsub, &capsub);
		free(w.path);

		pthread_mutex_lock(&sh->mu);
		sh->dirs_done++;
		sh->files_done += l->st.files - files0;
		for (i = 0; i < nsub; i++) {
			struct work *nq = iol_grow(sh->q, &sh->cap, sh->n,
						   sizeof(*nq), 256);

			if (!nq) {
				sh->oom = 1;
				free(sub[i].path);
				continue;
			}
			sh->q = nq;
			nq[sh->n++] = sub[i];
		}
		sh->active--;
		if (sh->o->progress)
			sh->o->progress(sh->dirs_done, sh->files_done, sh->n,
					sh->o->progress_arg);
		if (nsub || !sh->active)
			pthread_cond_broadcast(&sh->cv);
		pthread_mutex_unlock(&sh->mu);
	}
	free(sub);
	return NULL;
}

static void merge(struct iol_fsstats *a, const struct iol_fsstats *b)
{
	size_t k;

	/* every field up to max_size is a plain sum */
	for (k = 0; k < IOL_FS_SIZE_BINS; k++) {
		a->size_count[k] += b->size_count[k];
		a->size_bytes[k] += b->size_bytes[k];
	}
	for (k = 0; k < IOL_FS_AGE_BINS; k++) {
		a->mage_count[k] += b->mage_count[k];
		a->mage_bytes[k] += b->mage_bytes[k];
		a->aage_count[k] += b->aage_count[k];
		a->aage_bytes[k] += b->aage_bytes[k];
	}
	for (k = 0; k < IOL_FS_DIR_BINS; k++)
		a->dir_files[k] += b->dir_files[k];
	for (k = 0; k <= IOL_FS_NAME_MAX; k++)
		a->name_len[k] += b->name_len[k];
	a->files += b->files;
	a->dirs += b->dirs;
	a->symlinks += b->symlinks;
	a->others += b->others;
	a->bytes += b->bytes;
	a->alloc_bytes += b->alloc_bytes;
	a->entry_bytes += b->entry_bytes;
	a->linked_files += b->linked_files;
	a->denied += b->denied;
	a->vanished += b->vanished;
	a->errors += b->errors;
	a->other_fs += b->other_fs;
	if (b->max_dir_files > a->max_dir_files)
		a->max_dir_files = b->max_dir_files;
	if (b->max_depth > a->max_depth)
		a->max_depth = b->max_depth;
	/* ties go to the smaller path, so the answer does not depend on
	 * which worker saw the file */
	if (b->largest[0] && (!a->largest[0] || b->max_size > a->max_size ||
			      (b->max_size == a->max_size &&
			       strcmp(b->largest, a->largest) < 0))) {
		a->max_size = b->max_size;
		memcpy(a->largest, b->largest, sizeof(a->largest));
	}
}

static int cmp_link(const void *x, const void *y)
{
	const struct link *a = x, *b = y;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	return (a->ino > b->ino) - (a->ino < b->ino);
}

static int links_once(struct local *l, int n, struct iol_fsstats *st)
{
	size_t total = 0, k = 0, i;
	struct link *all;
	int t;

	for (t = 0; t < n; t++)
		total += l[t].nl;
	all = malloc((total ? total : 1) * sizeof(*all));
	if (!all)
		return IOL_ENOMEM;
	for (t = 0; t < n; t++) {
		if (l[t].nl)
			memcpy(all + k, l[t].links, l[t].nl * sizeof(*all));
		k += l[t].nl;
	}
	qsort(all, total, sizeof(*all), cmp_link);
	for (i = 0; i < total; i++)
		if (!i || cmp_link(&all[i], &all[i - 1])) {
			st->linked_inodes++;
			add_inode(st, all[i].size, all[i].alloc, all[i].mtime,
				  all[i].atime);
		}
	free(all);
	return 0;
}

static int push_roots(struct shared *sh, const char *const *roots, int nroots,
		      struct iol_fsstats *st, struct iol_error *err)
{
	int i;

	for (i = 0; i < nroots; i++) {
		struct stat sb;
		size_t len = strlen(roots[i]);
		struct work *nq;

		if (lstat(roots[i], &sb) < 0)
			return iol_error_set(err, IOL_EIO,
					     "cannot examine '%s': %s",
					     roots[i], strerror(errno));
		if (!S_ISDIR(sb.st_mode))
			return iol_error_set(err, IOL_EINVAL,
					     "'%s' is not a directory",
					     roots[i]);
		nq = iol_grow(sh->q, &sh->cap, sh->n, sizeof(*nq), 256);
		if (!nq)
			return IOL_ENOMEM;
		sh->q = nq;
		/* "dir/" and "dir" name the same tree */
		while (len > 1 && roots[i][len - 1] == '/')
			len--;
		nq[sh->n].path = strndup(roots[i], len);
		if (!nq[sh->n].path)
			return IOL_ENOMEM;
		nq[sh->n].depth = 0;
		nq[sh->n++].dev = sb.st_dev;
		st->dirs++;
	}
	return 0;
}

int iol_fs_walk(const char *const *roots, int nroots,
		const struct iol_fsopts *o, struct iol_fsstats *st,
		struct iol_error *err)
{
	struct shared sh;
	struct local *l;
	int n = o->threads > 0 ? o->threads : 2, t, r, started = 0;

	memset(st, 0, sizeof(*st));
	st->now = o->now;
	memset(&sh, 0, sizeof(sh));
	sh.o = o;
	pthread_mutex_init(&sh.mu, NULL);
	pthread_cond_init(&sh.cv, NULL);
	l = calloc((size_t)n, sizeof(*l));
	r = l ? push_roots(&sh, roots, nroots, st, err) : IOL_ENOMEM;
	for (t = 0; r == 0 && t < n; t++) {
		l[t].sh = &sh;
		l[t].st.now = o->now;
		if (pthread_create(&l[t].tid, NULL, worker, &l[t]) != 0)
			break;
		started++;
	}
	if (r == 0 && !started)
		r = iol_error_set(err, IOL_ENOMEM, "cannot start a thread");
	for (t = 0; t < started; t++)
		pthread_join(l[t].tid, NULL);
	for (t = 0; r == 0 && t < started; t++) {
		merge(st, &l[t].st);
		if (l[t].oom)
			r = IOL_ENOMEM;
	}
	if (r == 0 && sh.oom)
		r = IOL_ENOMEM;
	if (r == 0)
		r = links_once(l, started, st);
	if (r == IOL_ENOMEM)
		iol_error_set(err, r, "out of memory");
	for (t = 0; l && t < n; t++)
		free(l[t].links);
	while (sh.n)
		free(sh.q[--sh.n].path);
	free(sh.q);
	free(l);
	pthread_mutex_destroy(&sh.mu);
	pthread_cond_destroy(&sh.cv);
	return r;
}
