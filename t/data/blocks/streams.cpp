#include <fstream>
#include <iostream>
#include <string>
static char buf[4096];
struct Log {
	void write(const char *p, int n);
};
static void dump(std::ofstream &o, std::ofstream *p)
{
	o.write(buf, 64);
	p->write(buf, 32);
}
int main()
{
	std::ofstream out("data.bin", std::ios::binary);
	for (int i = 0; i < 10; i++)
		out.write(buf, 512);
	out << "hello" << 'x';
	out << 42;
	out.put('y');
	out.flush();
	dump(out, &out);
	out.close();
	std::ifstream in(std::string("data.bin"));
	in.read(buf, 256);
	int v;
	in >> v;
	in.close();
	std::fstream f;
	f.open("x.txt", std::ios::out);
	f.write(buf, 100);
	f.close();
	Log log;
	log.write(buf, 8);
	std::cout << "done" << std::endl;
	return 0;
}
