// t/6046: file streams whose scopes a return leaves early: their
// destructors' calls are at each scope's closing brace, as gcc and clang
// place them (not at the return's line).
#include <fstream>

static char buf[4096];

static int nest(int n)
{
	std::ofstream top("top.out");

	top.write(buf, 50);
	{
		std::ofstream in("in.out");

		in.write(buf, 20);
		if (n)
			return 2;
	}
	return 0;
}

static void once()
{
	std::ofstream o("once.out");

	o.write(buf, 10);
	return;
}

int main()
{
	nest(1);
	once();
	return 0;
}
