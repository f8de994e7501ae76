"""The built-in ufuncs vs NumPy: values, result dtypes, scalars, out=, in-place, errors.

Each new (ufunc, dtype, layout) costs one kernel compile, so the dtype lists are short.
"""
import operator
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample

BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "maximum", "minimum",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]
UNARY = ["negative", "absolute", "exp", "log", "log1p", "sqrt"]
BIN_DTYPES = [np.int8, np.uint8, np.int64, np.float32, np.float64, np.complex128]
UN_DTYPES = [np.int16, np.uint8, np.float16, np.float32, np.float64, np.complex64]


def _id(t):
    return np.dtype(t).name


def np_call(f, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            return f(*args, **kw)


def tol(t):
    t = np.dtype(t)
    if t.kind not in "fc":
        return None
    return {2: 2e-3, 4: 2e-6, 8: 1e-13}[t.itemsize if t.kind == "f" else t.itemsize // 2]


def inputs(t, shape=(3, 4), seed=0, positive=False):
    a = sample(shape, t, seed)
    if positive and np.dtype(t).kind in "iuf":
        a = np.abs(a) + np.array(1, dtype=t)
    return a


def no_zeros(b):
    b = b.copy()
    b[b == 0] = 1
    return b


def supported(name, t):
    return not (name == "floor_divide" and np.dtype(t).kind == "c") and \
        not (np.dtype(t).kind == "c" and name in ("less", "less_equal", "greater", "greater_equal",
                                                  "maximum", "minimum"))


@pytest.mark.parametrize("name, t", [(n, t) for n in BINARY for t in BIN_DTYPES if supported(n, t)],
                         ids=lambda v: v if isinstance(v, str) else _id(v))
def test_binary_same_dtype(name, t):
    an, bn = inputs(t, seed=1), no_zeros(inputs(t, seed=2))
    bn[0, 0] = an[0, 0]  # equal elements for the comparisons
    expected = np_call(getattr(np, name), an, bn)
    got = getattr(cp, name)(cp.array(an), cp.array(bn))
    assert_same(got, expected, rtol=tol(expected.dtype))


@pytest.mark.parametrize("name", ["maximum", "minimum", "less", "greater_equal"])
def test_complex_comparisons(name):
    an = np.array([1 + 1j, 1 + 2j, 2 + 0j, -1 - 1j])
    bn = np.array([1 + 2j, 1 + 1j, 1 + 5j, -1 - 1j])
    assert_same(getattr(cp, name)(cp.array(an), cp.array(bn)), getattr(np, name)(an, bn))


MIXED = [(np.int8, np.uint8), (np.int32, np.float32), (np.uint16, np.int16), (np.float32, np.float64),
         (np.bool_, np.int8), (np.int64, np.complex64), (np.uint64, np.int64), (np.float16, np.int16)]


@pytest.mark.parametrize("name, ta, tb", [(n, a, b) for n in ["add", "multiply", "true_divide", "maximum", "less"]
                                          for a, b in MIXED if n in ("add", "multiply", "true_divide")
                                          or np.dtype(b).kind != "c"],
                         ids=lambda v: v if isinstance(v, str) else _id(v))
def test_binary_mixed_dtypes(name, ta, tb):
    an, bn = inputs(ta, (5,), seed=3), no_zeros(inputs(tb, (5,), seed=4))
    expected = np_call(getattr(np, name), an, bn)
    got = getattr(cp, name)(cp.array(an), cp.array(bn))
    assert_same(got, expected, rtol=tol(expected.dtype))


@pytest.mark.parametrize("t", UN_DTYPES, ids=_id)
@pytest.mark.parametrize("name", UNARY)
def test_unary(name, t):
    if name == "negative" and t is np.uint8:
        an = np.array([0, 1, 200], dtype=np.uint8)  # wraps around
    else:
        an = inputs(t, positive=name in ("log", "sqrt", "log1p") and np.dtype(t).kind != "c")
        if name == "exp" and np.dtype(t).kind in "iuf":
            an = (an % 8).astype(t)
    expected = np_call(getattr(np, name), an)
    got = getattr(cp, name)(cp.array(an))
    assert_same(got, expected, rtol=tol(expected.dtype))


@pytest.mark.parametrize("t", [np.bool_, np.int8, np.int64, np.uint64], ids=_id)
def test_unary_result_dtypes_of_ints(t):
    an = np.array([1, 0, 1], dtype=t)
    for name in ["exp", "sqrt", "log1p", "absolute"]:
        expected = np_call(getattr(np, name), an)
        got = getattr(cp, name)(cp.array(an))
        assert_same(got, expected, rtol=tol(expected.dtype))


def test_abs_builtin_and_edge_values():
    an = np.array([-128, -1, 0, 127], dtype=np.int8)
    assert_same(abs(cp.array(an)), np.abs(an))  # -128 stays -128 as in NumPy
    cn = np.array([3 + 4j, -1j], dtype=np.complex128)
    assert_same(abs(cp.array(cn)), np.abs(cn))
    assert_same(cp.abs(cp.array([-0.0, -np.inf, np.nan])), np.abs(np.array([-0.0, -np.inf, np.nan])))
    assert cp.abs is cp.absolute


def test_unary_minus_operator():
    for an in [np.array([1, -2, 3]), np.array([1.5, -0.0], dtype=np.float32), np.array([1j + 1])]:
        assert_same(-cp.array(an), -an)
    assert_same(+cp.array([1, 2]), +np.array([1, 2]))


def test_special_values():
    vals = np.array([0.0, -1.0, np.inf, -np.inf, np.nan, 1e-300, -0.0])
    x = cp.array(vals)
    for name in ["exp", "log", "log1p", "sqrt"]:
        assert_same(getattr(cp, name)(x), np_call(getattr(np, name), vals), rtol=1e-13)


def test_integer_true_division_converts_python_ints_to_float64():
    # NumPy divides integers in float64: a Python int converts to float64, so -3 with uint64
    # or 300 with int8 do not overflow as they would in an integer loop.
    for arr, s in [(np.array([1, 2, 7], np.uint64), -3), (np.array([1, -5], np.int8), 300),
                   (np.array([True, False]), 2), (np.array([4, 9], np.uint8), -1)]:
        assert_same(cp.asarray(arr) / s, arr / s, rtol=1e-15)
        assert_same(s / cp.asarray(arr), np_call(np.true_divide, s, arr), rtol=1e-15)
    with pytest.raises(OverflowError):
        cp.asarray(np.array([1], np.uint8)) + (-3)  # integer loops still refuse, as NumPy


@pytest.mark.parametrize("t", [np.int8, np.uint8, np.uint16, np.int32, np.uint64])
def test_comparisons_with_python_ints_outside_the_dtype(t):
    # NumPy 2 compares exactly: uint8 == -3 is False everywhere, int8 < 300 True everywhere.
    info = np.iinfo(t)
    an = np.array([info.min, 0, info.max], t)
    a = cp.asarray(an)
    for v in [info.min - 1, info.max + 1, -1, 300, -300, 2**70, -2**70, 10**400]:
        for op in (operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge):
            if info.min <= v <= info.max:
                assert_same(op(a, v), op(an, v))
                continue
            assert_same(op(a, v), op(an, v))
            assert_same(op(v, a), op(v, an))
    out = cp.ones(3, np.bool_)
    assert cp.equal(a, -1 if info.min == 0 else info.max + 1, out=out) is out
    assert not out.get().any()
    with pytest.raises(OverflowError):
        a + (info.max + 1)  # arithmetic still refuses, as NumPy
    with pytest.raises(OverflowError, match="Python int too large to convert to C long"):
        a + 2**70


def test_python_ints_beyond_64_bits_with_floats():
    fn = np.array([1.5, -2.0, 3.0])
    f = cp.asarray(fn)
    for v in (2**70, -2**80, 2**64):
        assert_same(f + v, fn + v, rtol=1e-15)
        assert_same(v * f, v * fn, rtol=1e-15)
        assert_same(f < v, fn < v)


def test_division_by_zero():
    for t in [np.int32, np.uint8, np.float64]:
        an = np.array([1, 0, 5, 7], dtype=t)
        bn = np.array([0, 0, 2, 3], dtype=t)
        for name in ["true_divide", "floor_divide"]:
            expected = np_call(getattr(np, name), an, bn)
            assert_same(getattr(cp, name)(cp.array(an), cp.array(bn)), expected)


def test_floor_divide_signs():
    an = np.array([7, -7, 7, -7, 0])
    bn = np.array([2, 2, -2, -2, 3])
    assert_same(cp.array(an) // cp.array(bn), an // bn)
    fa, fb = an.astype(np.float64) + 0.5, bn.astype(np.float64)
    assert_same(cp.array(fa) // cp.array(fb), fa // fb)


@pytest.mark.parametrize("name", ["maximum", "minimum"])
def test_nan_propagation(name):
    an = np.array([1.0, np.nan, np.nan, 2.0, -np.inf])
    bn = np.array([np.nan, 2.0, np.nan, 1.0, np.nan])
    for t in [np.float64, np.float32, np.float16]:
        a, b = an.astype(t), bn.astype(t)
        assert_same(getattr(cp, name)(cp.array(a), cp.array(b)), getattr(np, name)(a, b))
        # With a scalar NaN and a NaN array against a number.
        assert_same(getattr(cp, name)(cp.array(a), np.nan), getattr(np, name)(a, np.nan))
    cn = np.array([1 + 1j, complex(np.nan, 0), 2 + 0j])
    dn = np.array([complex(0, np.nan), 1 + 0j, 3 + 0j])
    assert_same(getattr(cp, name)(cp.array(cn), cp.array(dn)), getattr(np, name)(cn, dn))


def test_nan_comparisons():
    an = np.array([1.0, np.nan, np.nan])
    bn = np.array([np.nan, 1.0, np.nan])
    for name in ["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"]:
        assert_same(getattr(cp, name)(cp.array(an), cp.array(bn)), getattr(np, name)(an, bn))


OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
       "//": operator.floordiv, "==": operator.eq, "!=": operator.ne, "<": operator.lt,
       "<=": operator.le, ">": operator.gt, ">=": operator.ge}


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("t", [np.int32, np.float32], ids=_id)
def test_operators_with_arrays_and_scalars(op, t):
    f = OPS[op]
    an = inputs(t, (6,), seed=5)
    bn = no_zeros(inputs(t, (6,), seed=6))
    a, b = cp.array(an), cp.array(bn)
    assert_same(f(a, b), np_call(f, an, bn), rtol=tol(t))
    for s in [3, 2.5, np.float64(1.5), np.int16(2)]:
        if op in ("//",) and isinstance(s, float) and t is np.int32:
            continue
        assert_same(f(a, s), np_call(f, an, s), rtol=tol(np_call(f, an, s).dtype))
        assert_same(f(s, b), np_call(f, s, bn), rtol=tol(np_call(f, s, bn).dtype))


@pytest.mark.parametrize("s", [2, -3, 2.5, 1j, True, np.float32(2.0), np.int8(3), np.uint64(7),
                               np.complex64(1 - 1j), np.bool_(False)], ids=repr)
def test_ufunc_functions_with_scalars(s):
    an = np.array([1, 2, 3], dtype=np.int16)
    a = cp.array(an)
    for name in ["add", "multiply", "maximum"]:
        if name == "maximum" and isinstance(s, (complex, np.complexfloating)):
            continue
        expected = np_call(getattr(np, name), an, s)
        assert_same(getattr(cp, name)(a, s), expected, rtol=tol(expected.dtype))
        expected = np_call(getattr(np, name), s, an)
        assert_same(getattr(cp, name)(s, a), expected, rtol=tol(expected.dtype))


def test_scalars_only():
    for args in [(2, 3), (2.5, 1), (np.float32(1), 2), (True, True)]:
        expected = np.add(*args)
        got = cp.add(*args)
        assert isinstance(got, cp.ndarray) and got.shape == ()
        assert got.dtype == np.asarray(expected).dtype
        assert got.get() == expected
    assert_same(cp.exp(1.0), np.asarray(np.exp(1.0)))
    assert_same(cp.sqrt(4), np.asarray(np.sqrt(4)))


def test_zero_dim_arrays():
    an, bn = np.array(3.0), np.array([1.0, 2.0])
    assert_same(cp.array(an) * cp.array(bn), an * bn)
    assert_same(cp.array(an) + cp.array(an), an + an)
    assert_same(cp.exp(cp.array(an)), np.exp(an))


def test_bool_arithmetic():
    an, bn = np.array([True, False, True]), np.array([True, True, False])
    a, b = cp.array(an), cp.array(bn)
    assert_same(a + b, an + bn)
    assert_same(a * b, an * bn)
    assert_same(a / b, np_call(np.true_divide, an, bn))
    assert_same(cp.maximum(a, b), np.maximum(an, bn))
    assert_same(a + 1, an + 1)
    assert_same(a == b, an == bn)
    with pytest.raises(TypeError):
        an - bn
    with pytest.raises(TypeError):
        a - b
    with pytest.raises(TypeError):
        cp.subtract(a, True)
    with pytest.raises(TypeError):
        -a
    with pytest.raises(TypeError):
        cp.negative(a)


def test_unsupported_loops_raise_typeerror():
    with pytest.raises(TypeError):
        np.floor_divide(np.array([1j]), np.array([1j]))
    with pytest.raises(TypeError):
        cp.floor_divide(cp.array([1j]), cp.array([1j]))


def test_wrong_argument_count():
    with pytest.raises(TypeError):
        cp.add(cp.arange(3))
    with pytest.raises(TypeError):
        cp.exp(cp.arange(3), cp.arange(3), cp.arange(3))


def test_unknown_operand_type():
    with pytest.raises(TypeError):
        cp.add(cp.arange(3), "a")
    with pytest.raises(TypeError):
        cp.arange(3) + "a"
    with pytest.raises(TypeError):
        cp.arange(3) + [1, 2, 3]  # CuPy refuses lists as operands too


# -- out= and in-place -----------------------------------------------------------------------------

def test_casting_order_subok_keywords():
    an = np.arange(3.0)
    a = cp.array(an)
    assert_same(cp.add(a, a, casting="same_kind", order="K", subok=False),
                np.add(an, an, casting="same_kind", order="K", subok=False))
    # Every casting rule is NumPy's (test_ufuncs_more.py).
    assert_same(cp.add(a, a, casting="unsafe"), np.add(an, an, casting="unsafe"))
    with pytest.raises(ValueError):
        cp.add(a, a, casting="sometimes")
    m = np.arange(12.0).reshape(3, 4)
    for order, layout in (("C", "c_contiguous"), ("F", "f_contiguous")):
        for src in (cp.asarray(m), cp.asfortranarray(cp.asarray(m))):
            r = cp.sin(src, order=order)
            assert getattr(r.flags, layout)
            assert_same(r, np.sin(m))
    assert cp.sin(cp.asfortranarray(cp.asarray(m)), order="A").flags.f_contiguous
    with pytest.raises(ValueError):
        cp.add(a, a, order="Q")


def test_where_keyword():
    xn = np.arange(6.0).reshape(2, 3)
    mask = np.array([True, False, True])  # broadcast over the rows
    for name, args in (("add", (xn, 1.5)), ("sin", (xn,))):
        want = np.full((2, 3), -1.0)
        getattr(np, name)(*args, out=want, where=mask)
        got = cp.full((2, 3), -1.0)
        r = getattr(cp, name)(*[cp.asarray(v) if isinstance(v, np.ndarray) else v for v in args],
                              out=got, where=cp.asarray(mask))
        assert r is got
        assert_same(got, want)
    q, rem = cp.full(6, -1.0), cp.full(6, -1.0)
    cp.divmod(cp.arange(6.0), 4, out=(q, rem), where=cp.arange(6) % 2 == 0)
    qn, rn = np.full(6, -1.0), np.full(6, -1.0)
    np.divmod(np.arange(6.0), 4, out=(qn, rn), where=np.arange(6) % 2 == 0)
    assert_same(q, qn)
    assert_same(rem, rn)
    kept = cp.sin(cp.asarray(xn), where=cp.asarray(mask))  # no out: the selected values
    assert_same(kept[:, [0, 2]], np.sin(xn)[:, [0, 2]])
    with pytest.raises(TypeError):  # the output's casting is still checked
        cp.add(cp.arange(3), 1.5, out=cp.zeros(3, cp.int64), where=cp.asarray(mask))


def test_out_argument():
    an, bn = np.arange(6.0).reshape(2, 3), np.arange(3.0)
    a, b = cp.array(an), cp.array(bn)
    out = cp.empty((2, 3))
    r = cp.add(a, b, out=out)
    assert r is out
    assert_same(out, an + bn)
    out2 = cp.zeros((2, 3))
    r = cp.multiply(a, b, out=(out2,))
    assert r is out2
    assert_same(out2, an * bn)
    # A lower-precision output of the same kind casts.
    o32 = cp.empty((2, 3), dtype=np.float32)
    cp.add(a, b, out=o32)
    assert_same(o32, (an + bn).astype(np.float32))
    # An output of another kind is refused, like NumPy's same_kind rule.
    with pytest.raises(TypeError):
        np.add(an, bn, out=np.empty((2, 3), dtype=np.int64))
    with pytest.raises(TypeError):
        cp.add(a, b, out=cp.empty((2, 3), dtype=np.int64))
    # A wrong shape is refused.
    with pytest.raises(ValueError):
        cp.add(a, b, out=cp.empty((3, 2)))
    with pytest.raises(ValueError):
        cp.add(a, b, out=cp.empty((3,)))
    assert cp.add(a, b, out=None).shape == (2, 3)


def test_out_noncontiguous_view():
    an = np.arange(12.0).reshape(3, 4)
    base_n = np.zeros((3, 8))
    base = cp.array(base_n)
    np.exp(an, out=base_n[::-1, ::2])
    cp.exp(cp.array(an), out=base[::-1, ::2])
    assert_same(base, base_n, rtol=1e-13)
    outT_n = np.zeros((4, 3))
    outT = cp.zeros((4, 3))
    np.add(an, 1, out=outT_n.T)
    cp.add(cp.array(an), 1, out=outT.T)
    assert_same(outT, outT_n)


def test_out_aliasing_input():
    an = np.arange(10.0)
    a = cp.array(an)
    cp.multiply(a, 2, out=a)
    np.multiply(an, 2, out=an)
    assert_same(a, an)
    cp.add(a, a, out=a)
    np.add(an, an, out=an)
    assert_same(a, an)


# Inputs that overlap the output without being it: NumPy reads every input first.
OVERLAPS = [
    ("shift left", lambda xp, a: xp.add(a[1:], a[:-1], out=a[:-1])),
    ("shift right", lambda xp, a: xp.add(a[:-1], a[:-1], out=a[1:])),
    ("shift right, both", lambda xp, a: xp.subtract(a[:-1], a[1:], out=a[1:])),
    ("reversed", lambda xp, a: xp.negative(a[::-1], out=a)),
    ("broadcast element", lambda xp, a: xp.multiply(a[3:4], a, out=a)),
    ("strided", lambda xp, a: xp.add(a[::2], a[1::2], out=a[:6])),
    ("2-d columns", lambda xp, a: xp.add(a.reshape(3, 4)[:, :3], 1, out=a.reshape(3, 4)[:, 1:])),
    ("transposed, same start", lambda xp, a: xp.add(a[:9].reshape(3, 3).T, 0,
                                                    out=a[:9].reshape(3, 3))),
]


@pytest.mark.parametrize("case", OVERLAPS, ids=[c[0] for c in OVERLAPS])
def test_out_partially_overlapping_inputs(case):
    _, f = case
    an = np.arange(12, dtype=np.float32) * 1.5
    a = cp.array(an)
    f(cp, a)
    f(np, an)
    assert_same(a, an)


def test_out_and_inplace_repeated_contiguous():
    # The dispatch shortcut takes these calls from the second one on: results must not change.
    an, bn = sample((1000,), np.float32, 1), sample((1000,), np.float32, 2)
    a, b = cp.array(an), cp.array(bn)
    on, o = np.empty_like(an), cp.empty(1000, np.float32)
    for _ in range(3):
        assert cp.add(a, b, out=o) is o
        np.add(an, bn, out=on)
        assert_same(o, on)
        a += b
        an += bn
        assert_same(a, an)
        cp.multiply(a, a, out=a)
        np.multiply(an, an, out=an)
        assert_same(a, an)
    # The same shapes with another output dtype, a view output and an overlapping input.
    o64, on64 = cp.empty(1000, np.float64), np.empty(1000, np.float64)
    for _ in range(2):
        cp.add(a, b, out=o64)
        np.add(an, bn, out=on64)
        assert_same(o64, on64)
    big, bign = cp.zeros(1001, np.float32), np.zeros(1001, np.float32)
    for _ in range(2):
        cp.add(a, b, out=big[1:])
        np.add(an, bn, out=bign[1:])
        assert_same(big, bign)
        cp.add(big[:-1], b, out=big[1:])
        np.add(bign[:-1], bn, out=bign[1:])
        assert_same(big, bign)
    # Results that allocate still get the loop's dtype after out= calls of another dtype.
    assert_same(a + b, an + bn)


def test_unary_repeated_contiguous_and_out():
    # Unary calls take the dispatch shortcut from the second one on: results must not change.
    an = sample((1000,), np.float32, 3)
    a, ia, ian = cp.array(an), cp.arange(1000, dtype=np.int16), np.arange(1000, dtype=np.int16)
    o, on = cp.empty(1000, np.float32), np.empty(1000, np.float32)
    o64, on64 = cp.empty(1000), np.empty(1000)
    for _ in range(3):
        assert_same(cp.sqrt(a), np.sqrt(an))
        assert_same(cp.sin(ia), np.sin(ian))  # an int16 input runs the float32 loop
        assert_same(-a, -an)
        assert_same(abs(-ia), abs(-ian))
        assert cp.exp(a, out=o) is o
        assert_same(o, np.exp(an, out=on))
        cp.negative(a, out=o64)  # another output dtype: cast
        assert_same(o64, np.negative(an, out=on64))
        cp.negative(a[::2], out=o[:500])
        assert_same(o[:500], -an[::2])


def test_outputs_given_by_position():
    an, bn = np.arange(1.0, 7.0), np.full(6, 4.0)
    a, b = cp.array(an), cp.array(bn)
    o = cp.empty(6)
    assert cp.multiply(a, b, o) is o
    assert_same(o, an * bn)
    assert cp.sqrt(a, o) is o
    assert_same(o, np.sqrt(an))
    assert_same(cp.sqrt(a, None), np.sqrt(an))
    q, r = cp.empty(6), cp.empty(6)
    res = cp.divmod(b, a, q, r)
    assert res[0] is q and res[1] is r
    assert_same(q, bn // an)
    assert_same(r, bn % an)
    with pytest.raises(TypeError):
        np.sqrt(an, np.empty(6), out=np.empty(6))
    with pytest.raises(TypeError):
        cp.sqrt(a, o, out=o)


def test_two_outputs_given_repeatedly():
    k = cp.ElementwiseKernel("T x, T y", "T s, T d", "s = x + y; d = x - y", "sum_and_difference")
    an, bn = np.arange(1, 9.0), np.full(8, 3.0)
    a, b = cp.array(an), cp.array(bn)
    s, d = cp.empty(8), cp.empty(8)
    for _ in range(3):
        res = k(a, b, s, d)
        assert_same(res[0], an + bn)
        assert_same(s, an + bn)
        assert_same(d, an - bn)
        k(s, b, s, d)  # s read and written in place, d written
        assert_same(s, an + 2 * bn)
        assert_same(d, an)


def test_dtype_keyword():
    an, bn = np.arange(4), np.arange(4)
    expected = np.add(an, bn, dtype=np.float32)
    assert_same(cp.add(cp.array(an), cp.array(bn), dtype=np.float32), expected)
    assert_same(cp.sqrt(cp.array(an), dtype=np.float64), np.sqrt(an, dtype=np.float64), rtol=1e-13)
    with pytest.raises(TypeError):
        cp.add(cp.arange(3), cp.arange(3), bogus=1)


@pytest.mark.parametrize("op", ["+=", "-=", "*=", "/=", "//="])
def test_inplace_operators(op):
    an = np.arange(1.0, 13.0).reshape(3, 4)
    bn = np.arange(1.0, 5.0)
    a, b = cp.array(an), cp.array(bn)
    alias = a
    ns_n, ns = {"x": an, "y": bn}, {"x": a, "y": b}
    exec(f"x {op} y", ns_n)
    exec(f"x {op} y", ns)
    assert ns["x"] is alias  # same object, modified in place
    assert_same(a, ns_n["x"])
    exec(f"x {op} 2", ns_n)
    exec(f"x {op} 2", ns)
    assert_same(a, ns_n["x"])


def test_inplace_on_view_and_broadcast():
    an = np.arange(24).reshape(4, 6)
    a = cp.array(an)
    v, vn = a[::2, 1::2], an[::2, 1::2]
    v += cp.array([100, 200, 300])
    vn += np.array([100, 200, 300])
    assert_same(a, an)
    t, tn = a.T, an.T
    t *= 2
    tn *= 2
    assert_same(a, an)


def test_inplace_casting_errors():
    an = np.arange(3)
    a = cp.arange(3)
    with pytest.raises(TypeError):
        an += 1.5
    with pytest.raises(TypeError):
        a += 1.5
    with pytest.raises(TypeError):
        a += cp.ones(3)
    with pytest.raises(TypeError):
        a /= 2
    assert_same(a, an)
    f = cp.ones(3, dtype=np.float32)
    f += cp.ones(3, dtype=np.float64)  # same kind: allowed
    assert_same(f, np.full(3, 2.0, dtype=np.float32))
    # The in-place result cannot grow the array.
    with pytest.raises(ValueError):
        s = cp.ones(3)
        s += cp.ones((2, 3))


def test_inplace_python_int_overflow():
    a = cp.zeros(3, dtype=np.uint8)
    with pytest.raises(OverflowError):
        a += 256


def test_ufunc_objects():
    assert isinstance(cp.add, cp.ufunc)
    assert cp.add.nin == 2 and cp.add.nout == 1 and cp.add.nargs == 3
    assert cp.exp.nin == 1
    assert cp.add.name == "add" and cp.true_divide.name == "true_divide"
    assert repr(cp.add) == "<ufunc 'add'>"
    assert cp.divide is cp.true_divide


# -- layouts and the parallel path ---------------------------------------------------------------

def test_noncontiguous_inputs():
    an = np.arange(60.0).reshape(5, 12)
    a = cp.array(an)
    for f in [lambda x: x.T, lambda x: x[::-1], lambda x: x[:, ::-3], lambda x: x[1:4, 2:10:2].T]:
        assert_same(cp.exp(f(a) / 60), np.exp(f(an) / 60), rtol=1e-13)
        assert_same(f(a) + f(a)[::-1], f(an) + f(an)[::-1])
        assert_same(cp.maximum(f(a), 30.0), np.maximum(f(an), 30.0))


def test_large_parallel():
    n = 1_000_003  # not a multiple of any vector width or thread count
    an = np.linspace(-5, 5, n)
    bn = np.arange(n, dtype=np.float64) % 7
    a, b = cp.array(an), cp.array(bn)
    assert_same(a * b + 1, an * bn + 1)
    assert_same(cp.exp(a), np.exp(an), rtol=1e-13)
    # Strided: every other element of a reversed 2-D view.
    m = 1000 * 1001
    cn = np.arange(m, dtype=np.float32).reshape(1000, 1001)
    c = cp.array(cn)
    assert_same(c[::-1, ::2] - c[:, :501], cn[::-1, ::2] - cn[:, :501])
    assert_same(c.T * 2, cn.T * 2)
    i = cp.arange(n, dtype=np.int64)
    assert_same(i // 3 - i, np.arange(n, dtype=np.int64) // 3 - np.arange(n, dtype=np.int64))


def test_softplus_seed():
    def softplus(x):
        xp = cp.get_array_module(x)
        return xp.maximum(0, x) + xp.log1p(xp.exp(-abs(x)))
    xn = np.linspace(-3, 3, 7)
    x = cp.linspace(-3, 3, 7)
    assert_same(softplus(x), softplus(xn), rtol=1e-15)


def test_clip_out_and_comparison_with_none():
    xn = np.arange(5.0)
    x = cp.asarray(xn)
    o = cp.empty(5)
    assert x.clip(1, 3, out=o) is o
    assert_same(o, np.clip(xn, 1, 3))
    assert cp.clip(x, None, 2, out=o) is o
    assert_same(o, np.clip(xn, None, 2))
    with pytest.raises(TypeError):  # float into int64 is not same_kind
        cp.clip(x, 1, 3, out=cp.empty(5, dtype=cp.int64))
    o32, o32n = cp.empty((2, 5), dtype=cp.float32), np.empty((2, 5), dtype=np.float32)
    cp.clip(x, 0.5, 2.5, out=o32)  # cast into out, broadcast to its shape, as NumPy
    assert_same(o32, np.clip(xn, 0.5, 2.5, out=o32n))
    with pytest.raises(ValueError):
        cp.clip(x, 1, 3, out=cp.empty(4))
    y, yn = x.copy(), xn.copy()
    y.clip(1, 3, out=y)  # in place
    assert_same(y, yn.clip(1, 3, out=yn))
    assert_same(x == None, xn == None)  # noqa: E711  NumPy's elementwise answer
    assert_same(x != None, xn != None)  # noqa: E711
    with pytest.raises(TypeError):
        x < None  # noqa: B015
