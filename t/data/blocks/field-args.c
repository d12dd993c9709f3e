/* t/6107: constants through struct fields and two levels of helpers:
 * main sets s.bs and s.n, helper(&s) loops s->n times calling
 * put(s, s->bs), put writes s->fd len bytes (40 KiB in 10 writes); the
 * same through a pointer to const and a nested field (3 x 512 B); and
 * a helper whose callee changes s->bs (bump), whose sizes stay unknown. */
#include <fcntl.h>
#include <unistd.h>

struct io {
	int rec;
};

struct st {
	int fd;
	int bs;
	int n;
	struct io in;
};

static char buf[8192];

static void put(struct st *s, int len)
{
	write(s->fd, buf, len);
}

static void helper(struct st *s)
{
	int i;

	for (i = 0; i < s->n; i++)
		put(s, s->bs);
}

static void cput(const struct st *s, int len)
{
	write(s->fd, buf, len);
}

static void chelper(const struct st *s)
{
	for (int i = 0; i < 3; i++)
		cput(s, s->in.rec);
}

static void bump(struct st *s)
{
	s->bs++;
}

static void bput(struct st *s, int len)
{
	write(s->fd, buf, len);
	bump(s);
}

static void bhelper(struct st *s)
{
	int i;

	for (i = 0; i < 2; i++)
		bput(s, s->bs);
}

int main(void)
{
	struct st s, b;

	s.fd = open("fa.out", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	s.bs = 4096;
	s.n = 10;
	s.in.rec = 512;
	helper(&s);
	chelper(&s);
	b.fd = s.fd;
	b.bs = 100;
	b.n = 2;
	bhelper(&b);
	close(s.fd);
	return 0;
}
