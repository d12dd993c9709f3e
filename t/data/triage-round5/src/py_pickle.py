# py_pickle: pickle of many small objects: 200000 dicts dumped one
# pickle.dump call each to a default-buffered file, then loaded back one
# pickle.load call each.
import pickle, sys
path = sys.argv[1]
n = int(sys.argv[2])
with open(path, 'wb') as f:
    for i in range(n):
        pickle.dump({'id': i, 'name': 'item%d' % i, 'v': i * 0.5}, f)
k = 0
with open(path, 'rb') as f:
    try:
        while True:
            pickle.load(f)
            k += 1
    except EOFError:
        pass
print(k)
