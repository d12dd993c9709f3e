/*
 * libFuzzer harness: the compiled form of replay scripts
 * (lib/replay/compile.c), which `iolens replay` takes from the user's
 * own cache after checking it.  The harness seals each input itself
 * (the seal is a checksum, not a secret) and takes the key from the
 * input's own header, so that mutations reach the count checks, the
 * chunks and the engine.  Whatever loads is then replayed in a sandbox
 * beside a canary directory, and the harness aborts when anything
 * outside the sandbox changed: the invariant the hostile scripts of
 * t/6007 check one by one.
 */
#include "fuzz/fuzz.h" /* first: it asks for _GNU_SOURCE */

#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include "replay/compile.h"
#include "replay/engine.h"

static char top[64];

/* A fingerprint of the canary directory and of top's entries. */
static unsigned long outside_state(void)
{
	char p[128];
	struct stat st;
	unsigned long h = 5381;
	struct dirent *e;
	DIR *d = opendir(top);

	while (d && (e = readdir(d)) != NULL) {
		const char *c;

		for (c = e->d_name; *c; c++)
			h = h * 33 + (unsigned char)*c;
	}
	if (d)
		closedir(d);
	snprintf(p, sizeof(p), "%s/outside/canary", top);
	if (lstat(p, &st) == 0)
		h = h * 33 + (unsigned long)st.st_size * 7 +
		    (unsigned long)st.st_mode + (unsigned long)st.st_nlink +
		    (unsigned long)st.st_mtim.tv_nsec;
	return h;
}

static void setup(void)
{
	char p[128];
	int fd;

	snprintf(top, sizeof(top), "/tmp/iolens-fuzz-rb.XXXXXX");
	if (!mkdtemp(top))
		abort();
	snprintf(p, sizeof(p), "%s/outside", top);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/outside/canary", top);
	fd = open(p, O_WRONLY | O_CREAT, 0600);
	if (fd < 0 || write(fd, "canary\n", 7) != 7)
		abort();
	close(fd);
}

static void replay(const struct iol_rbin *b)
{
	struct iol_ropts o;
	struct iol_rresult res;
	char sb[128];
	unsigned long before = outside_state();

	memset(&o, 0, sizeof(o));
	snprintf(sb, sizeof(sb), "%s/sb", top);
	o.dir = sb;
	o.pace = IOL_PACE_AFAP;
	o.lim.max_stage = 1 << 20;
	o.lim.max_memory = 64 << 20;
	o.lim.max_procs = 4;
	o.lim.max_gap = 1;
	o.lim.timeout = 2;
	iol_replay_run(b, &o, &res, NULL);
	iol_rresult_release(&res);
	if (outside_state() != before)
		abort(); /* the sandbox leaked */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct iol_rbin b;
	unsigned char key[32] = {0};
	char path[128];
	size_t done = 0;
	int fd;

	if (!top[0])
		setup();
	if (size >= 48)
		memcpy(key, data + 16, sizeof(key));
	snprintf(path, sizeof(path), "%s/in.iolr", top);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t w = write(fd, data + done, size - done);

		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	iol_rbin_seal(fd);
	close(fd);
	if (iol_rbin_load(&b, path, key, NULL) == 0) {
		replay(&b);
		iol_rbin_release(&b);
	}
	unlink(path);
	return 0;
}
