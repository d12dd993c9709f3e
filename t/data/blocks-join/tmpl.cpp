// C++ for t/1020-blocks-robust.t: a method with a loop of 4 writes of
// 10 B and a call of a function template (its write's size is
// sizeof(T): unknown to the source), called in a loop of 5; the template
// again from main, in a loop of 3.  Per run: 30 calls, 244 B.
#include <fcntl.h>
#include <unistd.h>

namespace io {
template <typename T> void put(int fd, const T &v)
{
	write(fd, &v, sizeof(T));
}

class Log {
public:
	explicit Log(int fd) : fd_(fd) {}
	void line(int n)
	{
		for (int i = 0; i < 4; i++)
			write(fd_, "0123456789", 10);
		put(fd_, n);
	}

private:
	int fd_;
};
} // namespace io

int main()
{
	int fd = open("t.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	io::Log log(fd);

	for (int k = 0; k < 5; k++)
		log.line(k);
	for (int k = 0; k < 3; k++)
		io::put(fd, 1.0);
	close(fd);
	return 0;
}
