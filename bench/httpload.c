/*
 * bench/httpload.c: the clients of bench/serve-load.sh as threads of one
 * process (CLIENT=threads), where curl starts a process for every ten
 * pages: the same pages in the same order, ten a kept-alive connection,
 * each client its own URL file, for DURATION seconds.  Prints a line
 * per response as the curl clients do: "URL STATUS SECONDS
 * SERVER-TIMING".  Loopback HTTP/1.1 with Content-Length only (what
 * `iolens serve` sends).
 *   cc -O2 -pthread -o httpload bench/httpload.c
 *   httpload PORT DURATION URLFILE...
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port;
static double end;
static pthread_mutex_t out_mu = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int dial(void)
{
	struct sockaddr_in a = {0};
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	a.sin_family = AF_INET;
	a.sin_port = htons((unsigned short)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* One request on fd: its status and Server-Timing; 0, or -1 (the
 * connection is to be made again). */
static int ask(int fd, const char *path, int *status, char *timing, size_t nt)
{
	static __thread char buf[1 << 20];
	char req[4096];
	size_t have = 0, body = 0;
	char *h, *e, *v;
	ssize_t k;
	int n = snprintf(req, sizeof req,
			 "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path);

	if (write(fd, req, (size_t)n) != n)
		return -1;
	for (;;) { /* the headers */
		k = read(fd, buf + have, sizeof buf - 1 - have);
		if (k <= 0)
			return -1;
		have += (size_t)k;
		buf[have] = '\0';
		if ((e = strstr(buf, "\r\n\r\n")))
			break;
		if (have >= sizeof buf - 1)
			return -1;
	}
	*status = atoi(buf + 9);
	timing[0] = '\0';
	for (h = strstr(buf, "\r\n"); h && h < e; h = strstr(h + 2, "\r\n")) {
		if (!strncasecmp(h + 2, "content-length:", 15))
			body = strtoul(h + 17, NULL, 10);
		if (!strncasecmp(h + 2, "server-timing:", 14)) {
			v = h + 16;
			snprintf(timing, nt, "%.*s", (int)strcspn(v, "\r"), v);
		}
	}
	have -= (size_t)(e + 4 - buf);
	while (have < body) { /* the body, dropped */
		k = read(fd, buf, sizeof buf);
		if (k <= 0)
			return -1;
		have += (size_t)k;
	}
	return 0;
}

static void *client(void *arg)
{
	FILE *f = fopen(arg, "r");
	char url[4096], timing[256], *path, **urls = NULL;
	size_t n = 0, i = 0;
	int fd = -1, st, asked = 0;
	double t0;

	while (f && fgets(url, sizeof url, f)) {
		url[strcspn(url, "\n")] = '\0';
		urls = realloc(urls, (n + 1) * sizeof *urls);
		urls[n++] = strdup(url);
	}
	if (f)
		fclose(f);
	while (n && now() < end) {
		if (fd < 0 && (fd = dial()) < 0)
			break;
		path = strchr(urls[i] + 7, '/');
		t0 = now();
		if (ask(fd, path ? path : "/", &st, timing, sizeof timing) <
		    0) {
			close(fd);
			fd = -1;
			st = 0;
		}
		pthread_mutex_lock(&out_mu);
		printf("%s %03d %.6f %s\n", urls[i], st, now() - t0, timing);
		pthread_mutex_unlock(&out_mu);
		i = (i + 1) % n;
		/* ten pages a connection, as curl -K of ten URLs */
		if (++asked % 10 == 0 && fd >= 0) {
			close(fd);
			fd = -1;
		}
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t *t;
	int n = argc - 3;

	if (argc < 4) {
		fprintf(stderr, "usage: httpload PORT DURATION URLFILE...\n");
		return 2;
	}
	port = atoi(argv[1]);
	end = now() + atof(argv[2]);
	t = calloc((size_t)n, sizeof *t);
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, client, argv[3 + i]);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	return 0;
}
