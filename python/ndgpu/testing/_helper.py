"""CuPy's test decorators: run a test with NumPy and with ndgpu and compare, or once per
dtype. The injected argument is hidden from pytest's signature so it is not a fixture."""
import functools
import inspect

import numpy

import ndgpu
from ndgpu.testing._array import assert_allclose, assert_array_equal

_FLOAT_DTYPES = (numpy.float64, numpy.float32, numpy.float16)
_COMPLEX_DTYPES = (numpy.complex64, numpy.complex128)
_INT_DTYPES = (numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
               numpy.uint32, numpy.uint64)


def _inject(impl, name):
    """`impl(kwargs)` as a test whose signature lacks `name`."""
    def decorator(func):
        @functools.wraps(func)
        def test(*args, **kwargs):
            return impl(func, args, kwargs)
        sig = inspect.signature(func)
        test.__signature__ = sig.replace(
            parameters=[p for p in sig.parameters.values() if p.name != name])
        return test
    return decorator


def _run(func, args, kwargs, name, xp):
    """(result, error) of func called with xp as `name`."""
    try:
        return func(*args, **dict(kwargs, **{name: xp})), None
    except Exception as e:  # compared with the other module's outcome below
        return None, e


def _check_errors(cupy_error, numpy_error, accept_error):
    """Both raised: pass when the types agree (and accept_error allows it), else re-raise."""
    if cupy_error is None or numpy_error is None:
        raise AssertionError(
            "only one of numpy and ndgpu raised: ndgpu %r, numpy %r" % (cupy_error, numpy_error)
        ) from (cupy_error or numpy_error)
    if accept_error is True:
        accept_error = Exception
    elif not accept_error:
        raise cupy_error
    if not (isinstance(cupy_error, accept_error) and isinstance(numpy_error, accept_error)):
        raise cupy_error
    if not isinstance(cupy_error, type(numpy_error)):
        raise AssertionError("ndgpu raised %r where numpy raised %r" % (cupy_error, numpy_error))


def _tolerance(tol, dtype):
    if isinstance(tol, dict):
        return tol.get(numpy.dtype(dtype).type, tol.get("default", 0))
    return tol


def _compare(check, name, type_check, accept_error):
    def impl(func, args, kwargs):
        cupy_result, cupy_error = _run(func, args, kwargs, name, ndgpu)
        numpy_result, numpy_error = _run(func, args, kwargs, name, numpy)
        if cupy_error is not None or numpy_error is not None:
            _check_errors(cupy_error, numpy_error, accept_error)
            return
        if not isinstance(cupy_result, (ndgpu.ndarray, numpy.ndarray, numpy.generic)):
            cupy_result = numpy.asarray(cupy_result)
        numpy_result = numpy.asarray(numpy_result)
        if isinstance(cupy_result, ndgpu.ndarray) and cupy_result.shape != numpy_result.shape:
            raise AssertionError("shapes differ: ndgpu %s, numpy %s"
                                 % (cupy_result.shape, numpy_result.shape))
        if type_check and numpy.dtype(cupy_result.dtype) != numpy_result.dtype:
            raise AssertionError("dtypes differ: ndgpu %s, numpy %s"
                                 % (cupy_result.dtype, numpy_result.dtype))
        check(cupy_result, numpy_result)
    return _inject(impl, name)


def numpy_cupy_allclose(rtol=1e-7, atol=0, err_msg="", verbose=True, name="xp",
                        type_check=True, accept_error=False, **_ignored):
    """The test's results with ndgpu and NumPy as `name` agree within rtol/atol (each a number
    or a dict from dtype to number, with an optional "default")."""
    def check(c, n):
        assert_allclose(c, n, _tolerance(rtol, n.dtype), _tolerance(atol, n.dtype), err_msg,
                        verbose)
    return _compare(check, name, type_check, accept_error)


def numpy_cupy_array_equal(err_msg="", verbose=True, name="xp", type_check=True,
                           accept_error=False, strides_check=False, **_ignored):
    """The test's results with ndgpu and NumPy as `name` are equal."""
    def check(c, n):
        assert_array_equal(c, n, err_msg, verbose, strides_check=strides_check)
    return _compare(check, name, type_check, accept_error)


def numpy_cupy_raises(name="xp", accept_error=Exception, **_ignored):
    """The test raises an error of the same type with ndgpu and with NumPy as `name`."""
    def impl(func, args, kwargs):
        _, cupy_error = _run(func, args, kwargs, name, ndgpu)
        _, numpy_error = _run(func, args, kwargs, name, numpy)
        _check_errors(cupy_error, numpy_error, accept_error)
    return _inject(impl, name)


def for_dtypes(dtypes, name="dtype"):
    """Runs the test once per dtype, passed as `name`; a failure names the dtype."""
    def impl(func, args, kwargs):
        for dtype in dtypes:
            try:
                func(*args, **dict(kwargs, **{name: dtype}))
            except Exception as e:
                e.add_note("%s = %s" % (name, numpy.dtype(dtype).name))
                raise
    return _inject(impl, name)


def _float_dtypes(no_float16):
    return _FLOAT_DTYPES[:2] if no_float16 else _FLOAT_DTYPES


def for_float_dtypes(name="dtype", no_float16=False):
    return for_dtypes(_float_dtypes(no_float16), name)


def for_all_dtypes(name="dtype", no_float16=False, no_bool=False, no_complex=False):
    dtypes = (_float_dtypes(no_float16) + ((numpy.bool_,) if not no_bool else ())
              + _INT_DTYPES + (_COMPLEX_DTYPES if not no_complex else ()))
    return for_dtypes(dtypes, name)
