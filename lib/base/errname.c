/* errno names: see errname.h */
#include "base/errname.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/banned.h"

static const struct {
	int no;
	const char *name;
} errnos[] = {
	{EPERM, "EPERM"},
	{ENOENT, "ENOENT"},
	{EIO, "EIO"},
	{EBADF, "EBADF"},
	{EAGAIN, "EAGAIN"},
	{EACCES, "EACCES"},
	{EEXIST, "EEXIST"},
	{EXDEV, "EXDEV"},
	{ENOTDIR, "ENOTDIR"},
	{EISDIR, "EISDIR"},
	{EINVAL, "EINVAL"},
	{ENOSPC, "ENOSPC"},
	{ESPIPE, "ESPIPE"},
	{EROFS, "EROFS"},
	{ENOTEMPTY, "ENOTEMPTY"},
	{ENAMETOOLONG, "ENAMETOOLONG"},
	{ELOOP, "ELOOP"},
	{EFBIG, "EFBIG"},
	{EINTR, "EINTR"},
	{ENXIO, "ENXIO"},
	{ETXTBSY, "ETXTBSY"},
	{EMFILE, "EMFILE"},
	{ENFILE, "ENFILE"},
	{EDQUOT, "EDQUOT"},
	{EOVERFLOW, "EOVERFLOW"},
	{EOPNOTSUPP, "EOPNOTSUPP"},
	{ENOTSUP, "ENOTSUP"}, /* EOPNOTSUPP's other name on Linux */
	{ENOTTY, "ENOTTY"},
	{ENOSYS, "ENOSYS"},
	{ENOMEM, "ENOMEM"},
};

#define NERR (sizeof(errnos) / sizeof(errnos[0]))

const char *iol_errno_name(int no, char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < NERR; i++)
		if (errnos[i].no == no)
			return errnos[i].name;
	snprintf(buf, n, "E%d", no);
	return buf;
}

int iol_errno_parse(const char *s, size_t len)
{
	size_t i;
	int v = 0;

	for (i = 0; i < NERR; i++)
		if (strlen(errnos[i].name) == len &&
		    !strncmp(errnos[i].name, s, len))
			return errnos[i].no;
	/* "E123": 1 to 4095 */
	if (len < 2 || len > 5 || s[0] != 'E')
		return 0;
	for (i = 1; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	return v > 0 && v <= 4095 ? v : 0;
}
