"""cp.fuse: traces a Python function once per argument dtypes and ndims into ndgpu::fuse, the
C++ fused function (docs/fuse.md). This file only records calls; types, loops, kernels and
errors are the C++ core's."""
import functools
import os

from ndgpu import _core

_SCALARS = (bool, int, float, complex)
_PACKAGE = os.path.dirname(os.path.abspath(__file__))


class _Var:
    """A traced value: a node of the C++ trace. In-place operators rebind it to the update."""
    __slots__ = ("trace", "id")
    __array_ufunc__ = None  # NumPy scalars defer to it: np.float32(2) * v calls __rmul__
    __hash__ = None

    def __init__(self, trace, id):
        self.trace, self.id = trace, id

    dtype = property(lambda self: self.trace.core.info(self.id)[0])
    ndim = property(lambda self: self.trace.core.info(self.id)[1])

    def __bool__(self):
        raise TypeError("a fused function cannot branch on array values")

    def __array__(self, *args, **kwargs):  # NumPy's conversions refuse it by name
        raise TypeError("a traced _Var has no values to convert")

    def astype(self, dtype, copy=True):
        return _Var(self.trace, self.trace.core.astype(self.id, dtype))

    def __getitem__(self, key):
        return _Var(self.trace, self.trace.core.index(self.id, key))

    def clip(self, min=None, max=None):
        return self.trace.clip(self, min, max)


def _operator(ufunc, reflected=False, inplace=False):
    def op(self, other=None):
        args = (self,) if other is None else (other, self) if reflected else (self, other)
        result = self.trace.ufunc(ufunc, args)[0]
        return self.trace.assign(self, result) if inplace else result
    return op


for _op, _ufunc in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"),
                    ("truediv", "true_divide"), ("floordiv", "floor_divide"),
                    ("mod", "remainder"), ("pow", "power"), ("and", "bitwise_and"),
                    ("or", "bitwise_or"), ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                    ("rshift", "right_shift"), ("matmul", "matmul")):
    setattr(_Var, "__%s__" % _op, _operator(_ufunc))
    setattr(_Var, "__r%s__" % _op, _operator(_ufunc, reflected=True))
    setattr(_Var, "__i%s__" % _op, _operator(_ufunc, inplace=True))
for _op, _ufunc in (("eq", "equal"), ("ne", "not_equal"), ("lt", "less"), ("le", "less_equal"),
                    ("gt", "greater"), ("ge", "greater_equal"), ("neg", "negative"),
                    ("abs", "absolute"), ("invert", "invert"), ("pos", "positive")):
    setattr(_Var, "__%s__" % _op, _operator(_ufunc))


def _method(name, has_dtype):
    """The ndarray reduction method `name`, with ndarray's signature."""
    if has_dtype:
        def method(self, axis=None, dtype=None, out=None, keepdims=False):
            return self.trace.reduce(name, self, axis, dtype, out, keepdims)
    else:
        def method(self, axis=None, out=None, keepdims=False):
            return self.trace.reduce(name, self, axis, None, out, keepdims)
    method.__name__ = name
    return method


for _name, _has_dtype in (("sum", True), ("prod", True), ("mean", True), ("max", False),
                          ("min", False), ("any", False), ("all", False)):
    setattr(_Var, _name, _method(_name, _has_dtype))


class _Trace:
    """One tracing call: the C++ trace and the conversion of Python values into its nodes."""

    def __init__(self, name):
        self.core = _core._FuseTrace(name)

    def node(self, x):
        if isinstance(x, _Var):
            return x.id
        if isinstance(x, _SCALARS) or type(x).__module__ == "numpy" and type(x).__name__ != "ndarray":
            return self.core.constant(x)  # Python scalars weak, NumPy scalars strong
        raise TypeError("fuse: unsupported value in a fused function: %r" % type(x).__name__)

    def ufunc(self, name, args, out=None, dtype=None, **kwargs):
        if kwargs:
            raise NotImplementedError("cp.fuse cannot fuse ufunc keywords %s" % sorted(kwargs))
        ids = self.core.ufunc(name, [self.node(a) for a in args], dtype)
        results = [_Var(self, i) for i in ids]
        if out is not None:  # out=: the argument takes the value (ufunc casting rules)
            outs = out if isinstance(out, tuple) else (out,)
            results = [self.assign(o, r) for o, r in zip(outs, results)]
        return results

    def assign(self, target, value):
        if not isinstance(target, _Var):
            raise TypeError("fuse: out= must be an argument of the fused function")
        target.id = self.core.assign(target.id, self.node(value))
        return target

    def reduce(self, name, x, axis=None, dtype=None, out=None, keepdims=False, ord=None):
        if name == "norm":
            result = _Var(self, self.core.norm(self.node(x), ord, axis, keepdims))
        else:
            result = _Var(self, self.core.reduce(name, self.node(x), axis, dtype, keepdims))
        return result if out is None else self.assign(out, result)

    def clip(self, x, lo, hi):
        ids = [-1 if v is None else self.node(v) for v in (lo, hi)]
        return _Var(self, self.core.clip(self.node(x), *ids))

    def where(self, condition, x, y):
        return _Var(self, self.core.where(*(self.node(v) for v in (condition, x, y))))


def _hook(name, *args, **kwargs):
    """Called by _core when one of its functions receives a traced value."""
    trace = next(a.trace for a in args if isinstance(a, _Var))
    if "axis" in kwargs:  # _core's reductions and linalg.norm always pass their axis
        return trace.reduce(name, *args, **kwargs)
    if name in ("where", "clip"):
        return getattr(trace, name)(*args)
    results = trace.ufunc(name, args, **kwargs)
    return results[0] if len(results) == 1 else tuple(results)


_core._set_fusion_proxy(_Var, _hook)


def _callee(tb):
    """The function called where a traced value was refused: the innermost call outside ndgpu
    as written in the source (its name before the parenthesis)."""
    import linecache  # here, not at import: with traceback, a tenth of `import ndgpu`
    import traceback
    frames = [f for f in traceback.extract_tb(tb) if not f.filename.startswith(_PACKAGE)]
    f = frames[-1] if frames else None
    if f is None or f.lineno != f.end_lineno or f.colno is None:
        return None
    call = linecache.getline(f.filename, f.lineno)[f.colno:f.end_colno]
    return "'%s'" % call.split("(")[0].strip() if "(" in call else "the call on line %d" % f.lineno


class Fusion:
    """The object cp.fuse returns: the function itself on host values, else its fused plan."""

    def __init__(self, func, kernel_name=None):
        self.func = func
        self.name = kernel_name or getattr(func, "__name__", "fused")
        self._cache = _core._FuseCache()  # C++: plans by argument dtypes, ndims, scalar kinds
        functools.update_wrapper(self, func)

    def clear_cache(self):
        self._cache.clear()

    def __call__(self, *args):
        result = self._cache(*args)
        if result is not NotImplemented:
            return result
        if not _core._fuse_key(*args):
            return self.func(*args)  # NumPy arrays and scalars: the function itself, as CuPy
        self._cache.add(args, *self._trace(args))
        return self._cache(*args)

    def _trace(self, args):
        trace = _Trace(self.name)
        params = [_Var(trace, trace.core.array(a.dtype, a.ndim) if isinstance(a, _core.ndarray)
                       else trace.core.scalar(a)) for a in args]
        try:
            result = self.func(*params)
        except TypeError as e:  # a function that took a traced value as an unknown type
            name = _callee(e.__traceback__) if "_Var" in str(e) else None
            if name is None:
                raise
            raise NotImplementedError("cp.fuse cannot fuse %s" % name) from e
        outs = result if isinstance(result, (tuple, list)) else () if result is None else (result,)
        if not all(isinstance(o, _Var) for o in outs):
            raise NotImplementedError("fuse: the function must return arrays, a tuple of "
                                      "arrays or None")
        shape = -1 if result is None else int(isinstance(result, (tuple, list)))
        return trace.core.compile([o.id for o in outs]), shape


def fuse(*args, **kwargs):
    """@cp.fuse() or @cp.fuse: the function as one kernel plan per argument dtypes and ndims."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return Fusion(args[0])
    kernel_name = kwargs.get("kernel_name")
    return lambda f: Fusion(f, kernel_name)

