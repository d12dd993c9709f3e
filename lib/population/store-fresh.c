/*
 * The file of a store made unseen (store-fresh.h): a temporary file
 * beside its path, held by its writer's flock(2) for the run, linked in
 * as the path when complete and synced.  link(2), not rename(2): a store
 * made at the path meanwhile is never replaced.  A writer killed leaves
 * its temporary file, unlocked, which the next one removes.
 */
#define _GNU_SOURCE /* strndup, getrandom */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "population/store-fresh.h"
#include "base/banned.h"

#define SUFFIX ".iolens-"

/* the directory of path, with its '/' ("" for the working directory) */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return strndup(path, slash ? (size_t)(slash - path) + 1 : 0);
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* a temporary file of path's, left by a writer killed: nobody holds it */
static void clean_one(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 1;
	char *p = malloc(n);
	int fd;

	if (!p)
		return;
	snprintf(p, n, "%s%s", dir, name);
	fd = open(p, O_RDWR | O_CLOEXEC | O_NOFOLLOW);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
		unlink(p);
	if (fd >= 0)
		close(fd);
	free(p);
}

/* the temporary files ".<base>.iolens-XXXXXX" of path no writer holds */
static void clean_stale(const char *path)
{
	char *dir = dir_of(path);
	const char *base = base_of(path);
	size_t lb = strlen(base), ls = strlen(SUFFIX);
	struct dirent *e;
	DIR *d;

	if (!dir || !(d = opendir(*dir ? dir : "."))) {
		free(dir);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		const char *s = e->d_name;

		if (s[0] == '.' && !strncmp(s + 1, base, lb) &&
		    !strncmp(s + 1 + lb, SUFFIX, ls) &&
		    strlen(s + 1 + lb + ls) == 6)
			clean_one(dir, s);
	}
	closedir(d);
	free(dir);
}

/*
 * Open name, its last six characters replaced by random letters and
 * digits until no file has it: mkostemp(3) but for the mode, 0666 less
 * the umask as SQLite would have made the store (mkostemp's 0600 would
 * need the umask read, and umask(2) sets it for every thread at once).
 */
static int make_unique(char *name)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr"
				  "stuvwxyz0123456789";
	char *x = name + strlen(name) - 6;
	unsigned char r[6];
	int fd = -1, tries;

	for (tries = 0; tries < 100; tries++) {
		if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
			return -1;
		for (int i = 0; i < 6; i++)
			x[i] = set[r[i] % (sizeof set - 1)];
		fd = open(name,
			  O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW,
			  0666);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

int iol_fresh_make(const char *path, int *fd, char **tmp)
{
	char *dir = dir_of(path);
	size_t n = strlen(path) + 32;

	*fd = -1;
	*tmp = dir ? malloc(n) : NULL;
	if (!*tmp) {
		free(dir);
		return -1;
	}
	snprintf(*tmp, n, "%s.%s" SUFFIX "XXXXXX", dir, base_of(path));
	free(dir);
	clean_stale(path);
	*fd = make_unique(*tmp);
	if (*fd >= 0 && flock(*fd, LOCK_EX | LOCK_NB) == 0)
		return 0;
	if (*fd >= 0) {
		unlink(*tmp);
		close(*fd);
		*fd = -1;
	}
	free(*tmp);
	*tmp = NULL;
	return -1;
}

static void sync_dir(const char *path)
{
	char *dir = dir_of(path);
	int d = dir ? open(*dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
		    : -1;

	if (d >= 0) {
		fsync(d);
		close(d);
	}
	free(dir);
}

int iol_fresh_link(int fd, const char *tmp, const char *path)
{
	if (fsync(fd) < 0)
		return -1;
	if (link(tmp, path) < 0)
		return errno == EEXIST ? 1 : -1;
	unlink(tmp);
	sync_dir(path);
	return 0;
}
