"""Files, bytes and text: the host formats are NumPy's own (.npy, .npz, text, pickles), so
these move the values through host memory and let NumPy read or write them, as CuPy does;
loading puts the result on the current device. Printing options are NumPy's, which ndgpu's
repr and str use."""


def _np():
    import numpy
    return numpy


def _host(x):
    from ndgpu import ndarray
    return x.get() if isinstance(x, ndarray) else x


def _device(x):
    import numpy

    from ndgpu import asarray
    return asarray(x) if isinstance(x, numpy.ndarray) else x


def save(file, arr, allow_pickle=True):
    _np().save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, **kwds):
    _np().savez(file, *[_host(a) for a in args], **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, **kwds):
    _np().savez_compressed(file, *[_host(a) for a in args],
                           **{k: _host(v) for k, v in kwds.items()})


class NpzFile:
    """numpy.load's NpzFile whose arrays load onto the current device."""

    def __init__(self, npz):
        self.npz = npz
        self.files = npz.files

    def __getitem__(self, key):
        return _device(self.npz[key])

    def __contains__(self, key):
        return key in self.npz

    def __iter__(self):
        return iter(self.npz)

    def __len__(self):
        return len(self.npz)

    def keys(self):
        return self.npz.keys()

    def close(self):
        self.npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def load(file, mmap_mode=None, allow_pickle=False, max_header_size=10000):
    obj = _np().load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle,
                     max_header_size=max_header_size)
    if isinstance(obj, _np().lib.npyio.NpzFile):
        return NpzFile(obj)
    return _device(obj)


def savetxt(fname, X, *args, **kwargs):
    _np().savetxt(fname, _host(X), *args, **kwargs)


def loadtxt(*args, **kwargs):
    return _device(_np().loadtxt(*args, **kwargs))


def genfromtxt(*args, **kwargs):
    return _device(_np().genfromtxt(*args, **kwargs))


def fromfile(file, dtype=float, count=-1, sep="", offset=0):
    return _device(_np().fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset))


def _numpy_function(name, host_first=False):
    """numpy.<name> under ndgpu's name; with host_first, its first argument's values are
    copied to the host before the call."""
    def f(*args, **kwargs):
        if host_first and args:
            args = (_host(args[0]),) + args[1:]
        return getattr(_np(), name)(*args, **kwargs)
    f.__name__ = name
    f.__doc__ = "numpy.%s%s." % (name, " of the array's values (copied to the host)"
                                  if host_first else " (host formatting: no device work)")
    return f


array2string = _numpy_function("array2string", host_first=True)
array_repr = _numpy_function("array_repr", host_first=True)
array_str = _numpy_function("array_str", host_first=True)
set_printoptions = _numpy_function("set_printoptions")
get_printoptions = _numpy_function("get_printoptions")
printoptions = _numpy_function("printoptions")
base_repr = _numpy_function("base_repr")
binary_repr = _numpy_function("binary_repr")
format_float_positional = _numpy_function("format_float_positional")
format_float_scientific = _numpy_function("format_float_scientific")


# ndarray methods: tobytes, tofile, dump, dumps (through host memory, as CuPy).
def tobytes(self, order="C"):
    return self.get().tobytes(order=order)


def tofile(self, fid, sep="", format="%s"):
    self.get().tofile(fid, sep=sep, format=format)


def dump(self, file):
    import pickle
    if isinstance(file, str):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=2)
    else:
        pickle.dump(self, file, protocol=2)


def dumps(self):
    import pickle
    return pickle.dumps(self, protocol=2)


def install(ndarray):
    ndarray.tobytes = tobytes
    ndarray.tofile = tofile
    ndarray.dump = dump
    ndarray.dumps = dumps
