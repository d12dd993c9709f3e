// t/6039: a std::thread's start routine, with its arguments followed
// (put(fd, 1024) writes 1024 B a call): its I/O under line 25.
#include <fcntl.h>
#include <thread>
#include <unistd.h>

static char buf[4096];

static void put(int fd, int size)
{
	for (int i = 0; i < 3; i++)
		write(fd, buf, size);
}

static void writer(const char *name, int size)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	put(fd, size);
	close(fd);
}

int main()
{
	std::thread t(writer, "cxx.out", 1024);
	t.join();
	return 0;
}
