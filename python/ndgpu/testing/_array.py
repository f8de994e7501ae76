"""Array assertions over numpy.testing, and CuPy's deterministic test inputs."""
import numpy

import ndgpu


def _host(a):
    return a.get() if isinstance(a, ndgpu.ndarray) else a


def assert_allclose(actual, desired, rtol=1e-7, atol=0, err_msg="", verbose=True):
    numpy.testing.assert_allclose(_host(actual), _host(desired), rtol=rtol, atol=atol,
                                  err_msg=err_msg, verbose=verbose)


def assert_array_almost_equal(x, y, decimal=6, err_msg="", verbose=True):
    numpy.testing.assert_array_almost_equal(_host(x), _host(y), decimal=decimal,
                                            err_msg=err_msg, verbose=verbose)


def assert_array_equal(x, y, err_msg="", verbose=True, strides_check=False, **kwargs):
    if strides_check and (getattr(x, "strides", None) != getattr(y, "strides", None)):
        raise AssertionError("strides differ: %s != %s\n%s" % (x.strides, y.strides, err_msg))
    numpy.testing.assert_array_equal(_host(x), _host(y), err_msg=err_msg, verbose=verbose,
                                     **kwargs)


def assert_array_less(x, y, err_msg="", verbose=True):
    numpy.testing.assert_array_less(_host(x), _host(y), err_msg=err_msg, verbose=verbose)


def shaped_arange(shape, xp=ndgpu, dtype=numpy.float32, order="C"):
    """1, 2, 3, ... in `shape` (as CuPy's: booleans alternate, complex values are k + kj)."""
    dtype = numpy.dtype(dtype)
    a = numpy.arange(1, int(numpy.prod(shape)) + 1)
    if dtype.kind == "b":
        a = a % 2 == 0
    elif dtype.kind == "c":
        a = a + a * 1j
    return xp.array(a.astype(dtype).reshape(shape), order=order)


def shaped_random(shape, xp=ndgpu, dtype=numpy.float32, scale=10, seed=0, order="C"):
    """Uniform values in [0, scale) from NumPy's legacy generator seeded with `seed` (0s and
    1s for booleans), the same on every backend."""
    dtype = numpy.dtype(dtype)
    rng = numpy.random.RandomState(seed)
    if dtype.kind == "b":
        a = rng.randint(2, size=shape)
    elif dtype.kind == "c":
        a = rng.rand(*shape) + 1j * rng.rand(*shape)
        a = a * scale
    else:
        a = rng.rand(*shape) * scale
    return xp.array(numpy.asarray(a).astype(dtype), order=order)
