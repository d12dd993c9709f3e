// C++: a method called in a loop, a range for over a constant array.
#include <fcntl.h>
#include <unistd.h>

namespace app
{
class Logger
{
      public:
	explicit Logger(int fd) : fd_(fd)
	{
	}
	// 4 writes of 512 bytes and a sync
	void flush_all()
	{
		static const int parts[] = {0, 1, 2, 3};

		for (int p : parts)
			if (write(fd_, buf_ + p, 512) < 0)
				return;
		fsync(fd_);
	}

      private:
	int fd_;
	char buf_[520] = {};
};
} // namespace app

int main()
{
	int fd = open("cpp.out", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	app::Logger log(fd);

	for (int i = 0; i < 3; ++i)
		log.flush_all();
	close(fd);
	return 0;
}
