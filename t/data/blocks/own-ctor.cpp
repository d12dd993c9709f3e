// t/6111: a constructor or destructor of the program's own declared
// without its body here is unknown; those the compiler makes (implicit,
// = default) are no calls.
#include <fcntl.h>
#include <unistd.h>

struct Plain {
	int a;
};
struct Def {
	Def() = default;
	int b;
};
class Ext {
      public:
	Ext(const char *p);
};
class Far {
      public:
	~Far();
};

int main()
{
	Plain p;
	Plain q = p;
	Def d;
	Ext e("x");
	int fd = open("own-ctor.out", O_WRONLY | O_CREAT, 0644);

	write(fd, "x", 1);
	close(fd);
	(void)q;
	(void)d;
	(void)e;
	{
		Far f;
	}
	return 0;
}
