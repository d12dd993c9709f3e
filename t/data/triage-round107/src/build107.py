"""Round 107 (labels107): a software build step: byte-compiling a Python package (what `pip install` and
`python -m compileall` do after unpacking). mk DIR N writes a package of N modules of ~150 lines each;
build DIR compiles every module to __pycache__/*.pyc (forced, optimisation levels 0 and 1), then imports
the package's index module to check it."""
import sys, os, compileall

def mk(d, n):
    os.makedirs(os.path.join(d, "pkg107"), exist_ok=True)
    with open(os.path.join(d, "pkg107", "__init__.py"), "w") as f:
        f.write('"""synthetic package"""\n')
    for i in range(n):
        with open(os.path.join(d, "pkg107", "mod%03d.py" % i), "w") as f:
            f.write('"""module %d"""\nimport math\n\n' % i)
            for j in range(12):
                f.write("class C%d_%d:\n    def __init__(self, x):\n        self.x = x * %d\n" % (i, j, j + 1))
                f.write("    def f(self, y):\n        return math.sqrt(abs(self.x * y + %d))\n" % i)
                f.write("    def g(self, s):\n        return [c.upper() for c in s if c != '%d']\n\n" % (j % 10))
            f.write("TABLE = {%s}\n" % ", ".join("'%d': %d" % (k, k * i) for k in range(40)))

def build(d):
    ok = compileall.compile_dir(os.path.join(d, "pkg107"), quiet=1, force=True, optimize=[0, 1])
    sys.path.insert(0, d)
    import pkg107.mod000 as m
    print("compiled ok" if ok else "FAILED", m.C0_1(3).f(2))

if __name__ == "__main__":
    mk(sys.argv[2], int(sys.argv[3])) if sys.argv[1] == "mk" else build(sys.argv[2])
