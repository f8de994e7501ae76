"""cupy.memoize and cupy.clear_memo: a decorator that keeps a function's result per argument
tuple (and per current device with for_each_device), as libraries written for CuPy use to build
each kernel once. Python-level caching of Python calls; no array semantics."""
import functools

_memos = []
_MISSING = object()


def memoize(for_each_device=False):
    """A decorator: the wrapped function runs once per distinct (args, kwargs), whose values
    must be hashable; with `for_each_device`, once per device as well."""
    def decorator(f):
        memo = {}
        _memos.append(memo)

        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            key = (args, frozenset(kwargs.items()))
            if for_each_device:
                from ndgpu import cuda
                key = (cuda.Device().id, key)
            result = memo.get(key, _MISSING)
            if result is _MISSING:
                result = memo[key] = f(*args, **kwargs)
            return result
        return wrapper
    return decorator


def clear_memo():
    """Forgets every result kept by memoize."""
    for memo in _memos:
        memo.clear()
