"""cp.fuse: a Python function of arrays traced once per (dtype, ndim) of its arguments into
one kernel (docs/fuse.md). Elementwise ops become one device function; a final sum, prod,
max or min makes it a ReductionKernel, otherwise it is an ElementwiseKernel."""
import functools

from ndgpu import _core

_WEAK = (bool, int, float, complex)  # Python scalars: weak (NEP 50), kernel parameters
# Comparisons: None for (in)equality, else whether the op is true when left < right.
_COMPARISONS = {"equal": None, "not_equal": None, "less": True, "less_equal": True,
                "greater": False, "greater_equal": False}
_REDUCE = {  # name -> (reduce expression, identity for a dtype)
    "sum": ("a + b", lambda np, dt: "0"),
    "prod": ("a * b", lambda np, dt: "1"),
    "max": ("ndgpu::maximum(a, b)", lambda np, dt: _limit(np, dt, low=True)),
    "amax": ("ndgpu::maximum(a, b)", lambda np, dt: _limit(np, dt, low=True)),
    "min": ("ndgpu::minimum(a, b)", lambda np, dt: _limit(np, dt, low=False)),
    "amin": ("ndgpu::minimum(a, b)", lambda np, dt: _limit(np, dt, low=False)),
    "mean": ("a + b", lambda np, dt: "0"),  # then divided by the count (_red_size)
}


def _weak_kind(x):
    """int, float or complex for a weak Python scalar; None for a bool (NEP 50: a Python bool
    is NumPy's bool, not weak)."""
    for t in _WEAK:  # bool before int: True is an int too
        if isinstance(x, t):
            return None if t is bool else t
    raise TypeError(type(x).__name__)


def _scalar_dtype(x):
    return {bool: "bool", int: "int64", float: "float64", complex: "complex128"}[
        bool if isinstance(x, bool) else _weak_kind(x)]


def _numpy():
    import numpy
    return numpy


def _limit(np, dt, low):
    if dt.kind in "fc":
        return "(-ndgpu::inf_d())" if low else "ndgpu::inf_d()"
    if dt.kind == "b":
        return "false" if low else "true"
    info = np.iinfo(dt)
    v = info.min if low else info.max
    return "(%s)%s" % (_core._ctype(dt), _literal(v) if v < 2**63 else "%dULL" % v)


def _literal(v):
    """A Python constant as kernel source, of its weak kind's C type."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        if not -2**63 <= v < 2**63:
            raise OverflowError("Python int too large to convert to C long")
        return "(%dLL)" % v if v != -2**63 else "(-9223372036854775807LL - 1)"
    if isinstance(v, float):
        if v != v:
            return "ndgpu::nan_d()"
        if v in (float("inf"), float("-inf")):
            return ("-" if v < 0 else "") + "ndgpu::inf_d()"
        return "(%s)" % float.hex(v)
    return "ndgpu::complex<double>(%s, %s)" % (_literal(v.real), _literal(v.imag))


class _Var:
    """A value in a trace: an argument, a constant or an op's result."""
    __slots__ = ("trace", "name", "dtype", "weak", "value")
    __array_ufunc__ = None  # NumPy scalars and arrays defer: np.float32(2) * v calls __rmul__

    def __init__(self, trace, name, dtype, weak=None, value=None):
        self.trace, self.name, self.dtype, self.weak = trace, name, dtype, weak
        self.value = value  # a Python int constant's value (NumPy checks its range)

    def _key(self):
        """What NumPy's resolve_dtypes takes: the dtype, or the Python type when weak."""
        return self.weak if self.weak is not None else self.dtype

    def __neg__(self):
        return self.trace.ufunc("negative", self)

    def __abs__(self):
        return self.trace.ufunc("absolute", self)

    def __pos__(self):
        return self

    __hash__ = None

    def __bool__(self):
        raise TypeError("a fused function cannot branch on array values")


def _binary(ufunc, reflected):
    if reflected:
        return lambda self, other: self.trace.ufunc(ufunc, other, self)
    return lambda self, other: self.trace.ufunc(ufunc, self, other)


def _reduction(name):
    """The ndarray method `name`, with ndarray's signature (max and min take no dtype)."""
    if name in ("max", "min"):
        def method(self, axis=None, out=None, keepdims=False):
            return self.trace.reduce(name, self, axis, None, out, keepdims)
    else:
        def method(self, axis=None, dtype=None, out=None, keepdims=False):
            return self.trace.reduce(name, self, axis, dtype, out, keepdims)
    method.__name__ = name
    return method


# Python's operators on traced values, as ndarray's: the ufunc each one calls.
for _op, _ufunc in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"),
                    ("truediv", "true_divide"), ("floordiv", "floor_divide")):
    setattr(_Var, "__%s__" % _op, _binary(_ufunc, False))
    setattr(_Var, "__r%s__" % _op, _binary(_ufunc, True))
for _op, _ufunc in (("eq", "equal"), ("ne", "not_equal"), ("lt", "less"), ("le", "less_equal"),
                    ("gt", "greater"), ("ge", "greater_equal")):
    setattr(_Var, "__%s__" % _op, _binary(_ufunc, False))
for _name in ("sum", "prod", "max", "min", "mean"):
    setattr(_Var, _name, _reduction(_name))


class _Trace:
    """Records one call of the function: statements of the fused device function."""

    def __init__(self, np):
        self.np = np
        self.lines = []
        self.count = 0
        self.reduction = None  # (name, input var, axis, keepdims, out dtype) once reduced
        self.used = set()  # names of the values ops read (unused arguments do not broadcast)

    def new_name(self):
        self.count += 1
        return "v%d" % self.count

    def operand(self, x):
        if isinstance(x, _Var):
            if self.reduction is not None:
                raise NotImplementedError("fuse: a reduction must be the function's last step")
            self.used.add(x.name)
            return x
        if isinstance(x, _WEAK):
            name = self.new_name()
            dt = self.np.dtype(_scalar_dtype(x))
            self.lines.append("const %s %s = %s;" % (_core._ctype(dt), name, _literal(x)))
            return _Var(self, name, dt, weak=_weak_kind(x),
                        value=x if type(x) is int else None)
        if isinstance(x, self.np.generic):  # a NumPy scalar constant: strong, its own dtype
            name, ct = self.new_name(), _core._ctype(x.dtype)
            self.lines.append("const %s %s = (%s)%s;" % (ct, name, ct, _literal(x.item())))
            return _Var(self, name, self.np.dtype(x.dtype))
        raise TypeError("fuse: unsupported value in a fused function: %r" % type(x).__name__)

    def ufunc(self, name, *args, **kwargs):
        if kwargs:
            raise NotImplementedError("fuse: ufunc keywords are not supported: %s" % sorted(kwargs))
        ins = [self.operand(a) for a in args]
        resolved = getattr(self.np, name).resolve_dtypes(tuple(v._key() for v in ins) + (None,))
        common = self.np.result_type(*resolved[:len(ins)])
        in_types, params, outs, body = _core._ufunc_loop(name, common)
        body = self.int_constants_in_range(name, ins, params, body)
        result = _Var(self, self.new_name(), self.np.dtype(outs[0]))
        if all(v.weak is not None for v in ins):  # Python scalars alone stay weak, as in Python
            result.weak = {"i": int, "u": int, "f": float, "c": complex}.get(result.dtype.kind)
        block = [_core._ctype(self.np.dtype(outs[0])) + " " + result.name + ";", "{"]
        for k, (v, p) in enumerate(zip(ins, params)):
            ct = _core._ctype(self.np.dtype(p))
            block.append("  const %s in%d = ndgpu::cast<%s>(%s);" % (ct, k, ct, v.name))
        block.append("  %s out0;" % _core._ctype(self.np.dtype(outs[0])))
        block.append("  %s;" % body)
        block.append("  %s = out0;" % result.name)
        block.append("}")
        self.lines.extend(block)
        return result

    def int_constants_in_range(self, name, ins, params, body):
        """NumPy 2's rules for a Python int constant outside an integer loop's dtype: a
        comparison has one answer for every element; arithmetic raises OverflowError."""
        for k, (v, p) in enumerate(zip(ins, params)):
            p = self.np.dtype(p)
            if v.value is None or p.kind not in "iu":
                continue
            info = self.np.iinfo(p)
            if info.min <= v.value <= info.max:
                continue
            if name not in _COMPARISONS:
                raise OverflowError("Python integer %d out of bounds for %s" % (v.value, p.name))
            above = v.value > info.max  # the constant is above every element
            const_left = k == 0
            less = _COMPARISONS[name]  # None: equality; else whether it asks "left < right"
            if less is None:
                return "out0 = %s" % ("true" if name == "not_equal" else "false")
            left_is_less = above != const_left
            return "out0 = %s" % ("true" if less == left_is_less else "false")
        return body

    def reduce(self, name, x, axis, dtype, out, keepdims):
        if out is not None or dtype is not None:
            raise NotImplementedError("fuse: %s with out= or dtype= is not supported" % name)
        x = self.operand(x)
        np = self.np
        out_dt = np.dtype(getattr(np, name)(np.zeros(1, x.dtype)).dtype)
        if isinstance(axis, list):
            axis = tuple(axis)
        self.reduction = (name, x, axis, bool(keepdims), out_dt)
        return _Var(self, "_reduced", out_dt)


class Fusion:
    """The object cp.fuse returns: calls the function on NumPy arrays, else its kernel."""

    def __init__(self, func, kernel_name=None):
        self.func = func
        self.name = kernel_name or getattr(func, "__name__", "fused")
        self._kernels = {}
        functools.update_wrapper(self, func)

    def __call__(self, *args):
        if not any(isinstance(a, _core.ndarray) for a in args):
            return self.func(*args)  # NumPy arrays and scalars: the function itself, as CuPy
        np = _numpy()
        key = tuple((a.dtype, a.ndim) if isinstance(a, _core.ndarray)
                    else getattr(a, "dtype", type(a)) for a in args)
        entry = self._kernels.get(key)
        if entry is None:
            entry = self._kernels[key] = self._compile(args, np)
        kernel, kw, used = entry
        ins = [args[k] for k in used]
        if kw.get("no_identity"):
            _require_nonempty(np, ins, kw["axis"], kw["no_identity"])
            kw = {"axis": kw["axis"], "keepdims": kw["keepdims"]}
        return kernel(*ins, **kw)

    def _compile(self, args, np):
        trace = _Trace(np)
        params, inputs = [], []
        for k, a in enumerate(args):
            if isinstance(a, _core.ndarray):
                dt, weak = np.dtype(a.dtype), None
            elif isinstance(a, np.generic):  # a NumPy scalar: strong, as a 0-d array
                dt, weak = a.dtype, None
            elif isinstance(a, _WEAK):
                weak, dt = _weak_kind(a), np.dtype(_scalar_dtype(a))
            else:
                raise TypeError("fuse: unsupported argument type %r" % type(a).__name__)
            params.append("%s a%d" % (dt.name, k))
            inputs.append(_Var(trace, "a%d" % k, dt, weak))
        result = self.func(*inputs)
        if not isinstance(result, _Var):
            raise NotImplementedError("fuse: the function must return one array expression")
        value = trace.reduction[1] if trace.reduction else result
        trace.used.add(value.name)
        # Only the arguments the result depends on are kernel inputs: as in NumPy, an unused
        # argument does not broadcast the result.
        used = [k for k, v in enumerate(inputs) if v.name in trace.used]
        ct = _core._ctype(value.dtype)
        fn = "fused_%s" % self.name
        preamble = "__device__ %s %s(%s) {\n  %s\n  return %s;\n}\n" % (
            ct, fn, ", ".join("%s a%d" % (_core._ctype(inputs[k].dtype), k) for k in used),
            "\n  ".join(trace.lines), value.name)
        call = "%s(%s)" % (fn, ", ".join("a%d" % k for k in used))
        in_params = ", ".join(params[k] for k in used)
        if trace.reduction is None:
            return _core.ElementwiseKernel(in_params, "%s y" % value.dtype.name, "y = " + call,
                                           fn, preamble=_with_limits(preamble)), {}, used
        name, _, axis, keepdims, out_dt = trace.reduction
        reduce_expr, make_identity = _REDUCE[name]
        acc = np.dtype("float32") if out_dt == np.float16 else out_dt  # as ndgpu's own sum
        identity = make_identity(np, acc)
        post = "a"
        if name == "mean":  # the reduced count is the generated kernel's _red_size
            n = "ndgpu::cast<%s>(_red_size)" % _core._ctype(np.dtype(acc.char.lower()))
            post = "a / " + n
            if acc.kind == "c":  # as NumPy, by n + 0j: an inf or NaN part makes the other NaN
                post = "%s((a.real() + a.imag() * 0) / %s, (a.imag() - a.real() * 0) / %s)" % (
                    _core._ctype(acc), n, n)
        kernel = _core.ReductionKernel(
            in_params, "%s y" % out_dt.name, "ndgpu::cast<%s>(%s)" % (_core._ctype(acc), call),
            reduce_expr, "y = ndgpu::cast<%s>(%s)" % (_core._ctype(out_dt), post), identity, fn,
            reduce_type=acc.name, preamble=_with_limits(preamble, identity))
        kw = {"axis": axis, "keepdims": keepdims}
        if name in ("max", "amax", "min", "amin"):  # NumPy refuses empty reductions of these
            kw["no_identity"] = "maximum" if "max" in name else "minimum"
        return kernel, kw, used


def _require_nonempty(np, ins, axis, op):
    """NumPy's ValueError for max/min over an empty extent (they have no identity)."""
    shape = np.broadcast_shapes(*(tuple(a.shape) for a in ins if hasattr(a, "shape")))
    axes = range(len(shape)) if axis is None else [axis] if isinstance(axis, int) else axis
    if any(shape[a] == 0 for a in axes) or (axis is None and 0 in shape):
        raise ValueError("zero-size array to reduction operation %s which has no identity" % op)


def _with_limits(preamble, identity=""):
    """The preamble, after the header with ndgpu::inf_d() and nan_d() when it uses them."""
    if "_d()" in preamble + identity:
        return '#include "ndgpu/reduce_ops.cuh"\n' + preamble
    return preamble


def _hook(name, *args, **kwargs):
    """Called by _core when a ufunc or a module reduction receives a trace value."""
    trace = next(a.trace for a in args if isinstance(a, _Var))
    if name not in _REDUCE and not isinstance(getattr(trace.np, name, None), trace.np.ufunc):
        raise NotImplementedError("fuse: %s is not supported in a fused function" % name)
    if name in _REDUCE:
        return trace.reduce(name, args[0], kwargs.get("axis"), kwargs.get("dtype"),
                            kwargs.get("out"), kwargs.get("keepdims", False))
    return trace.ufunc(name, *args, **{k: v for k, v in kwargs.items() if v is not None})


_core._set_fusion_proxy(_Var, _hook)


def fuse(*args, **kwargs):
    """@cp.fuse() or @cp.fuse: the function as one kernel per argument dtypes and ndims."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return Fusion(args[0])
    kernel_name = kwargs.get("kernel_name")
    return lambda f: Fusion(f, kernel_name)
