// t/6065: a C++ file stream's flush() (or << std::flush) of an empty
// buffer makes no system call: in a loop that does not write the stream
// only the first pass finds something to send; a flush right after
// std::endl finds the buffer empty too.
#include <fstream>

static char b[4096];

int main()
{
	std::ofstream o("flush-loop.out");

	o.write(b, 100);
	for (int i = 0; i < 1000; i++)
		o.flush();
	o.write(b, 10);
	for (int i = 0; i < 10; i++)
		o << std::flush;
	for (int i = 0; i < 5; i++) {
		o << "step" << std::endl;
		o.flush();
	}
	o.write(b, 20);
	o.flush();
	o.flush();
	return 0;
}
