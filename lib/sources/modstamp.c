/*
 * Binaries' identities (sources/modstamp.h): the build id from the ELF
 * program headers' notes, read with pread, 64- and 32-bit, either byte
 * order of this machine only (a trace is symbolized where it ran).
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/error.h"
#include "sources/modstamp.h"
#include "base/banned.h"

#define NOTE_MAX 4096 /* bytes of a note segment read */

/* the build id of the notes in buf[0..n) into hex */
static void notes(const unsigned char *buf, size_t n, char *hex, size_t hn)
{
	size_t o = 0;

	while (o + 12 <= n) {
		uint32_t nsz, dsz, type;
		size_t name, desc, i;

		memcpy(&nsz, buf + o, 4);
		memcpy(&dsz, buf + o + 4, 4);
		memcpy(&type, buf + o + 8, 4);
		name = o + 12;
		desc = name + ((nsz + 3u) & ~3u);
		if (desc + dsz > n || desc < name)
			return;
		if (type == NT_GNU_BUILD_ID && nsz == 4 &&
		    !memcmp(buf + name, "GNU", 4) && dsz * 2 < hn) {
			for (i = 0; i < dsz; i++)
				snprintf(hex + 2 * i, 3, "%02x", buf[desc + i]);
			return;
		}
		o = desc + ((dsz + 3u) & ~3u);
	}
}

/* one program header's note segment, if it is one */
static void phdr_note(int fd, uint32_t type, uint64_t off, uint64_t sz,
		      char *hex, size_t hn)
{
	unsigned char buf[NOTE_MAX];
	ssize_t r;

	if (type != PT_NOTE || *hex)
		return;
	if (sz > sizeof(buf))
		sz = sizeof(buf);
	r = pread(fd, buf, (size_t)sz, (off_t)off);
	if (r > 0)
		notes(buf, (size_t)r, hex, hn);
}

static void build_id(int fd, char *hex, size_t hn)
{
	unsigned char id[EI_NIDENT];
	int i;

	*hex = '\0';
	if (pread(fd, id, sizeof(id), 0) != (ssize_t)sizeof(id) ||
	    memcmp(id, ELFMAG, SELFMAG))
		return;
	if (id[EI_CLASS] == ELFCLASS64) {
		Elf64_Ehdr e;
		Elf64_Phdr p;

		if (pread(fd, &e, sizeof(e), 0) != (ssize_t)sizeof(e))
			return;
		for (i = 0; i < e.e_phnum && i < 256; i++)
			if (pread(fd, &p, sizeof(p),
				  (off_t)(e.e_phoff +
					  (uint64_t)i * e.e_phentsize)) ==
			    (ssize_t)sizeof(p))
				phdr_note(fd, p.p_type, p.p_offset, p.p_filesz,
					  hex, hn);
	} else if (id[EI_CLASS] == ELFCLASS32) {
		Elf32_Ehdr e;
		Elf32_Phdr p;

		if (pread(fd, &e, sizeof(e), 0) != (ssize_t)sizeof(e))
			return;
		for (i = 0; i < e.e_phnum && i < 256; i++)
			if (pread(fd, &p, sizeof(p),
				  (off_t)(e.e_phoff +
					  (uint64_t)i * e.e_phentsize)) ==
			    (ssize_t)sizeof(p))
				phdr_note(fd, p.p_type, p.p_offset, p.p_filesz,
					  hex, hn);
	}
}

int iol_module_stamp(const char *path, struct iol_jmodule *m)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	m->build_id[0] = '\0';
	m->size = m->mtime_ns = -1;
	if (fd < 0)
		return IOL_EIO;
	if (fstat(fd, &st) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return IOL_EIO;
	}
	m->size = (int64_t)st.st_size;
	m->mtime_ns =
		(int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
	build_id(fd, m->build_id, sizeof(m->build_id));
	close(fd);
	return 0;
}

int iol_module_parse(char *line, struct iol_jmodule *m)
{
	char id[80];
	long long size, mt;
	int n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	if (sscanf(line, "# module %79s %lld %lld %n", id, &size, &mt, &n) !=
		    3 ||
	    !n || line[n] != '/')
		return 0;
	snprintf(m->build_id, sizeof(m->build_id), "%s",
		 strcmp(id, "-") ? id : "");
	m->size = size;
	m->mtime_ns = mt;
	m->path = line + n;
	return 1;
}

int iol_module_changed(const struct iol_jmodule *was,
		       const struct iol_jmodule *now)
{
	if (was->build_id[0] && now->build_id[0])
		return strcmp(was->build_id, now->build_id) != 0;
	return (was->size >= 0 && was->size != now->size) ||
	       (was->mtime_ns >= 0 && was->mtime_ns != now->mtime_ns);
}
