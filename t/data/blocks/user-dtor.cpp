// t/6110: a user class's destructor runs at the closing brace of its
// object's scope (where gcc and clang put its call), and its calls
// count there: the Log's sync and close, once a scope.
#include <fcntl.h>
#include <unistd.h>

static char buf[512];

class Log {
      public:
	explicit Log(const char *p) { fd_ = ::open(p, O_WRONLY | O_CREAT, 0644); }
	void put() { ::write(fd_, buf, sizeof(buf)); }
	~Log()
	{
		::fsync(fd_);
		::close(fd_);
	}

      private:
	int fd_;
};

static void fill(const char *p)
{
	Log l(p);

	for (int i = 0; i < 8; i++)
		l.put();
}

int main()
{
	fill("dtor-a.out");
	for (int k = 0; k < 3; k++) {
		Log part("dtor-b.out");

		part.put();
	}
	Log *heap = new Log("dtor-c.out");
	heap->put();
	delete heap;
	return 0;
}
