#include <fcntl.h>
#include <unistd.h>
struct io {
	int n;
	int rec;
};
struct config {
	int n;
	long rec;
	struct io inner;
};
static char buf[65536];
static const struct config dflt = {.rec = 512, .n = 16, .inner = {3, 64}};
static void write_all(const struct config *cfg, int fd)
{
	for (int i = 0; i < cfg->n; i++)
		write(fd, buf, cfg->rec);
}
static void by_value(struct config cfg, int fd)
{
	for (int i = 0; i < cfg.inner.n; i += 1)
		write(fd, buf, cfg.inner.rec);
}
static void twice(struct config *cfg, int fd)
{
	for (int i = 0; i < cfg->n; i++)
		write(fd, buf, 1);
}
static void passes(const struct config *cfg, int fd)
{
	write_all(cfg, fd);
}
int main(void)
{
	int fd = open("o.dat", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	struct config cfg;
	struct config small = {.n = 200, .rec = 16};
	struct config two = {0};

	cfg.n = 32;
	cfg.rec = 8192;
	cfg.inner.n = 5;
	cfg.inner.rec = 100;
	two.n = 7;
	two.n = 9;
	write_all(&cfg, fd);
	write_all(&small, fd);
	by_value(cfg, fd);
	write_all(&dflt, fd);
	by_value(dflt, fd);
	twice(&two, fd);
	passes(&small, fd);
	close(fd);
	return 0;
}
