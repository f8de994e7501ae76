"""Reductions vs NumPy: dtypes, axes, keepdims, empty and size-1 axes, NaNs, layouts.

Every (operation, dtype, collapsed layout) is a kernel compile on the CPU backend, so the
dtype lists below are chosen per operation rather than crossed with everything.
"""
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import ALL_DTYPES, assert_same, sample

RTOL = {"e": 1e-2, "f": 1e-5, "d": 1e-12, "F": 1e-5, "D": 1e-12}


def check(name, a, rtol=None, **kw):
    expected = getattr(np, name)(a, **kw)
    actual = getattr(cp, name)(cp.asarray(a), **kw)
    if rtol is None:
        rtol = RTOL.get(np.asarray(expected).dtype.char)
    assert_same(actual, expected, rtol=rtol, atol=1e-6 if rtol else 0)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_sum_every_dtype(dtype):
    a = sample((3, 4), dtype)
    check("sum", a)
    check("sum", a, axis=1)
    check("sum", a, axis=0, keepdims=True)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint32, np.float16, np.complex64])
def test_prod(dtype):
    a = sample((3, 4), dtype)
    if np.dtype(dtype).kind in "iu":
        a = (a % 3).astype(dtype)
    check("prod", a)
    check("prod", a, axis=1)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (1, 2), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_sum_axes(axis, keepdims):
    a = sample((4, 5, 6), np.float32)
    check("sum", a, axis=axis, keepdims=keepdims)


def test_accumulator_types_and_overflow():
    check("sum", np.full(300, 200, np.uint8))  # uint64 accumulator, no wrap at 256
    check("sum", np.ones(1000, np.bool_))  # bool sums count in int64
    big = np.array([2**62, 2**62, 2**62], np.int64)
    check("sum", big)  # wraps as NumPy's int64
    check("prod", np.array([2**40, 2**40], np.int64))
    check("sum", np.full(5000, 0.1, np.float16))  # float32 accumulator, rounded once
    check("sum", np.arange(10, dtype=np.int8), dtype=np.float32)


@pytest.mark.parametrize("name,dtype", [("max", np.bool_), ("max", np.uint64), ("max", np.float16),
                                        ("max", np.complex64), ("min", np.int8),
                                        ("min", np.float64)])
def test_max_min(name, dtype):
    a = sample((5, 7), dtype)
    check(name, a)
    check(name, a, axis=0)
    check(name, a, axis=-1, keepdims=True)


def test_max_min_nan_and_empty():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
    for name in ("max", "min", "amax", "amin"):
        check(name, a)
        check(name, a, axis=1)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        cp.max(cp.zeros((0,)))
    with pytest.raises(ValueError, match="minimum which has no identity"):
        cp.min(cp.zeros((3, 0)), axis=1)
    check("max", np.zeros((0, 3)), axis=1)  # no output element: no error
    check("max", np.array([-np.inf, -np.inf]))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_max_min_long_rows_and_columns_with_nans(dtype):
    """Rows and columns long enough for the CPU's SIMD extreme loops, split reductions and
    their tails, with a NaN anywhere (first, in a vector body, in a tail) or nowhere."""
    rng = np.random.default_rng(5)
    flat = rng.standard_normal(70_003).astype(dtype)
    square = rng.standard_normal((301, 2051)).astype(dtype)
    for where in (None, 0, 4_096 + 17, 70_002):
        a = flat.copy()
        if where is not None:
            a[where] = np.nan
        for name in ("max", "min"):
            check(name, a)
    for at in (None, (0, 0), (150, 2050), (300, 1024)):
        a = square.copy()
        if at is not None:
            a[at] = np.nan
        for name in ("max", "min"):
            check(name, a, axis=0)
            check(name, a, axis=1)


@pytest.mark.parametrize("name,dtype", [("argmax", np.int32), ("argmax", np.complex128),
                                        ("argmin", np.float32)])
def test_argmax_argmin(name, dtype):
    a = sample((6, 9), dtype)
    check(name, a)
    check(name, a, axis=0)
    check(name, a, axis=1)
    check(name, a, axis=-1, keepdims=True)


def test_argmax_flat_index_of_transposed_view():
    a = sample((6, 9), np.float32)
    check("argmax", a.T)  # C order of the view, not of memory


def test_argmax_ties_nan_and_empty():
    check("argmax", np.array([3, 1, 3, 3], np.int32))
    check("argmin", np.array([1, 1, 0, 0], np.int32))
    check("argmax", np.array([1.0, np.nan, 5.0, np.nan], np.float32))
    check("argmin", np.array([1.0, 2.0, np.nan], np.float32))
    with pytest.raises(ValueError, match="empty sequence"):
        cp.argmax(cp.zeros((0,)))


@pytest.mark.parametrize("name,dtype", [("mean", np.int64), ("mean", np.float16),
                                        ("mean", np.complex64), ("var", np.int64),
                                        ("var", np.float32), ("var", np.complex64),
                                        ("std", np.float16), ("std", np.float32)])
def test_mean_var_std(name, dtype):
    a = sample((6, 8), dtype)
    check(name, a)
    check(name, a, axis=0)
    check(name, a, axis=1, keepdims=True)


def test_var_ddof_and_empty():
    a = sample((5, 6), np.float64)
    check("var", a, ddof=1)
    check("std", a, axis=0, ddof=2)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        check("mean", np.zeros((0,)))
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        check("var", np.ones(3), ddof=3)


@pytest.mark.parametrize("dtype", [np.bool_, np.float32])
def test_any_all_count_nonzero(dtype):
    a = sample((4, 5), dtype)
    a[0] = 0
    for name in ("any", "all"):
        check(name, a)
        check(name, a, axis=0)
        check(name, a, axis=1, keepdims=True)
    check("count_nonzero", a)
    check("count_nonzero", a, axis=1)
    check("any", np.zeros((0,), dtype))
    check("all", np.zeros((0,), dtype))


def test_ptp():
    check("ptp", np.array([[1, 120, -100], [5, 5, 5]], np.int8))  # wraps as NumPy
    check("ptp", sample((4, 5), np.float64), axis=0)
    with pytest.raises(TypeError):
        cp.ptp(cp.array([True, False]))


def test_average():
    a = sample((3, 4), np.float64)
    w = np.arange(1.0, 5.0)
    check("average", a)
    assert_same(cp.average(cp.asarray(a), axis=1, weights=cp.asarray(w)),
                np.average(a, axis=1, weights=w), rtol=1e-12)
    wf = sample((3, 4), np.float64) ** 2 + 1
    assert_same(cp.average(cp.asarray(a), weights=cp.asarray(wf)), np.average(a, weights=wf), rtol=1e-12)
    ai = np.arange(12).reshape(3, 4)
    assert_same(cp.average(cp.asarray(ai), axis=0, weights=cp.arange(3)),
                np.average(ai, axis=0, weights=np.arange(3)), rtol=1e-12)


def test_nan_functions():
    a = sample((4, 6), np.float64)
    a[0, 1] = a[2, 3] = a[2, 4] = np.nan
    for name in ("nansum", "nanprod", "nanmax", "nanmin", "nanmean", "nanvar", "nanstd"):
        check(name, a)
        check(name, a, axis=1)
    check("nanstd", a, axis=0, ddof=1)
    check("nanargmax", a)
    check("nanargmin", a, axis=1)
    check("nansum", np.array([1, 2, 3], np.int32))
    allnan = np.full((2, 3), np.nan)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        check("nanmax", allnan, axis=1)
    with pytest.raises(ValueError, match="All-NaN"):
        cp.nanargmax(cp.asarray(allnan), axis=1)


def test_nan_propagates_in_sum_mean_var():
    a = np.array([[1.0, np.nan], [2.0, 3.0]], np.float32)
    for name in ("sum", "prod", "mean", "var"):
        check(name, a, axis=1)


def test_layouts_non_contiguous_and_broadcast():
    base = sample((8, 10), np.float32)
    check("sum", base[::2, 1::3])
    check("sum", base[::2, 1::3], axis=0)
    check("sum", base.T, axis=1)
    check("max", base[:, ::-1], axis=1)
    b = np.broadcast_to(sample((10,), np.float32), (6, 10))
    assert_same(cp.sum(cp.broadcast_to(cp.asarray(b[0]), (6, 10)) if hasattr(cp, "broadcast_to")
                       else cp.asarray(b), axis=0), b.sum(axis=0), rtol=1e-5)


def test_broadcast_zero_stride_input():
    x = cp.asarray(sample((1, 7), np.float64))
    y = cp.asarray(sample((5, 1), np.float64))
    rk = cp.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "dot_bcast")
    expect = (x.get() * y.get()).sum(axis=0)
    assert_same(rk(x, y, axis=0), expect, rtol=1e-12)


def test_size_one_and_empty_axes():
    check("sum", np.ones((1, 5), np.float32), axis=0)
    check("sum", np.ones((5, 1), np.float32), axis=1)
    check("sum", np.zeros((0, 4), np.float32), axis=0)
    check("sum", np.zeros((0, 4), np.float32), axis=1)
    check("prod", np.zeros((3, 0), np.float32), axis=1)
    check("sum", np.float32(3.5) * np.ones((), np.float32))


@pytest.mark.parametrize("n", [1_000_003, 4_000_000])
def test_large(n):
    a = (np.random.default_rng(1).random(n, dtype=np.float32) - 0.5)
    g = cp.asarray(a)
    ref = a.astype(np.float64).sum()
    assert abs(float(g.sum()) - ref) <= 1e-5 * np.abs(a).sum()
    assert int(g.argmax()) == int(a.argmax())
    assert float(g.max()) == float(a.max())
    m = a[: n // 1000 * 1000].reshape(-1, 1000)
    gm = cp.asarray(m)
    np.testing.assert_allclose(gm.sum(axis=1).get(), m.sum(axis=1), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(gm.sum(axis=0).get(), m.sum(axis=0), rtol=1e-4, atol=1e-4)


INT_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("n", [15, 16, 17, 64, 1000, 100_003])
def test_integer_sums_every_length(dtype, n):
    # Lengths from below one vector to many blocks; on the CPU GCC 12.2's loop vectoriser
    # once dropped half of the partial sums of int8/int16 rows of 16 and more.
    a = sample((n,), dtype, seed=n)
    check("sum", a)
    check("prod", (a[:40] % 3 + 1).astype(dtype))
    m = sample((7, n // 7 + 1), dtype, seed=3)
    check("sum", m, axis=1)
    check("sum", m, axis=0)
    check("max", m, axis=1)


def test_var_std_of_nan_and_inf_elements():
    # x - mean is NaN where an element is NaN or infinite, as in NumPy's two-pass var.
    for v in ([np.nan], [np.inf], [np.inf, 1.0], [-np.inf, 2.0, 3.0], [1.0, np.nan]):
        for name in ("var", "std"):
            check(name, np.array(v, np.float64))
            check(name, np.array(v, np.float32), ddof=0)
    check("var", np.array([[1 + 2j], [np.nan + 0j]], np.complex64), axis=1)
    check("std", np.float64(np.nan) * np.ones((), np.float64))


def test_dtype_keyword_of_mean_var_std():
    a = (np.arange(600) % 7 * 40).astype(np.int16).reshape(2, 300)
    f = a.astype(np.float32)
    for dt in (np.uint8, np.int64, np.uint64, np.int32, np.float32, np.complex64):
        check("mean", a % 5, axis=1, dtype=dt)  # integer dtypes: divided in float64, truncated
    for dt in (np.int32, np.int64, np.complex64, np.float64):
        check("var", a, axis=1, dtype=dt)  # integers: squares about the truncated mean
        check("nanvar", a, axis=0, dtype=dt, ddof=1)
    check("std", a, axis=1, dtype=np.complex128)
    for name in ("std", "nanstd"):
        with pytest.raises(TypeError):
            getattr(cp, name)(cp.asarray(a), axis=1, dtype=np.int32)
    for name in ("nanmean", "nanvar", "nanstd"):
        with pytest.raises(TypeError, match="dtype must be inexact"):
            getattr(cp, name)(cp.asarray(f), axis=1, dtype=np.int64)


def test_nanvar_without_degrees_of_freedom_is_nan():
    a = np.array([[1.0, 2.0], [np.nan, 3.0], [4.0, np.nan]])
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for ddof in (0, 1, 2, 3):
            check("nanvar", a, axis=0, ddof=ddof)
            check("nanstd", a, axis=1, ddof=ddof)
            check("var", a[:, :1], axis=0, ddof=ddof)
            check("nanvar", np.arange(10, dtype=np.uint8).reshape(2, 5), axis=0, ddof=ddof)


def test_arg_extremes_of_empty_arrays_along_non_empty_axes():
    # Only an empty reduced axis (or an empty array flattened) has no extreme.
    for name in ("argmax", "argmin", "nanargmax", "nanargmin"):
        check(name, np.zeros((2, 0), np.int8), axis=0)
        check(name, np.zeros((0, 3, 2), np.float32), axis=2, keepdims=True)
        for axis in (None, 1):
            with pytest.raises(ValueError):
                getattr(cp, name)(cp.zeros((2, 0), np.float32), axis=axis)


def test_ptp_of_empty_bool_raises_value_error_first():
    with pytest.raises(ValueError):
        cp.ptp(cp.zeros((1, 3, 0), np.bool_), axis=(2, 0, 1))
    with pytest.raises(TypeError):
        cp.ptp(cp.zeros((3,), np.bool_))


@pytest.mark.parametrize("side", [4, 64])
def test_out_sharing_memory_with_the_input(side):
    # Output elements land on inputs other outputs still read; NumPy reads inputs first.
    cases = [("sum", dict(axis=1), lambda m: m[1]), ("sum", dict(axis=0), lambda m: m[:, 1]),
             ("sum", dict(axis=1), lambda m: m[:, 0]), ("max", dict(axis=0), lambda m: m[2]),
             ("prod", dict(axis=1), lambda m: m[::-1, 3])]
    for name, kw, pick in cases:
        mn = (np.arange(side * side) % 5 + 1).astype(np.float64).reshape(side, side)
        m = cp.asarray(mn)
        getattr(np, name)(mn, out=pick(mn), **kw)
        getattr(cp, name)(m, out=pick(m), **kw)
        assert_same(m, mn)


@pytest.mark.parametrize("n", [10, 100_000])
def test_scans_in_place(n):
    an = (np.arange(n) % 7).astype(np.float64)
    a = cp.asarray(an)
    np.cumsum(an, out=an)
    cp.cumsum(a, out=a)
    assert_same(a, an)
    np.cumsum(an[:-1], out=an[1:])
    cp.cumsum(a[:-1], out=a[1:])
    assert_same(a, an)


def test_out_and_dtype_and_methods():
    a = sample((4, 5), np.float32)
    g = cp.asarray(a)
    out = cp.empty((5,), dtype=np.float64)
    r = cp.sum(g, axis=0, out=out)
    assert r._pointer == out._pointer
    np.testing.assert_allclose(out.get(), a.sum(axis=0), rtol=1e-6)
    assert_same(g.sum(axis=1, dtype=np.float64), a.sum(axis=1, dtype=np.float64), rtol=1e-6)
    for m in ("sum", "prod", "max", "min", "mean", "var", "std", "any", "all", "ptp"):
        expected = getattr(np, m)(a, axis=1)
        assert_same(getattr(g, m)(axis=1), expected, rtol=RTOL.get(expected.dtype.char))
    assert_same(g.argmax(axis=0), a.argmax(axis=0))
    assert_same(g.argmin(), np.asarray(a.argmin()))
    with pytest.raises(ValueError):
        g.sum(axis=(0, 0))
    with pytest.raises(ValueError):
        g.sum(axis=2)


def test_ufunc_reduce():
    a = sample((3, 4), np.int16)
    assert_same(cp.add.reduce(cp.asarray(a)), np.add.reduce(a))
    assert_same(cp.multiply.reduce(cp.asarray(a), axis=1), np.multiply.reduce(a, axis=1))
    assert_same(cp.maximum.reduce(cp.asarray(a), axis=None), np.asarray(np.maximum.reduce(a, axis=None)))
    assert_same(cp.minimum.reduce(cp.asarray(a), axis=1, keepdims=True),
                np.minimum.reduce(a, axis=1, keepdims=True))


def test_repeated_calls_replay_the_recorded_launch_correctly():
    # The second call of a (dtype, shape, axes, keepdims) replays the first one's launch:
    # it must read the new array, honour the new axes, and not be fooled by an offset view.
    rng = np.random.default_rng(7)
    base = rng.random((5, 4097)).astype(np.float32)
    for _ in range(2):
        for h in (base, base[::-1].copy(), base + 1):
            d = cp.asarray(h)
            assert_same(cp.sum(d), np.sum(h), rtol=1e-5, atol=1e-6)
            assert_same(d.sum(axis=1), h.sum(axis=1), rtol=1e-5, atol=1e-6)
            assert_same(d.sum(axis=0, keepdims=True), h.sum(axis=0, keepdims=True), rtol=1e-5,
                        atol=1e-6)
            assert_same(d.max(axis=-1), h.max(axis=-1))
    flat = rng.random(4099).astype(np.float32)
    d = cp.asarray(flat)
    for start in (0, 1, 2, 3):  # same shape from differently aligned starts
        assert_same(d[start:start + 4096].sum(), flat[start:start + 4096].sum(), rtol=1e-5,
                    atol=1e-6)
    with pytest.raises(ValueError, match="out of bounds"):
        d.sum(axis=1)  # a bad axis still raises NumPy's error (AxisError is a ValueError)


def test_replays_across_many_shapes_and_threads():
    # More shapes than a definition keeps recipes for (8): entries are evicted and recorded
    # again while other threads replay theirs; every result must still be its own array's.
    import threading
    rng = np.random.default_rng(11)
    hosts = [rng.random(n).astype(np.float32) for n in range(1000, 1012)]
    devs = [cp.asarray(h) for h in hosts]
    errors = []

    def work(order):
        try:
            for _ in range(20):
                for k in order:
                    got = float(devs[k].sum().get())
                    if abs(got - float(hosts[k].sum())) > 1e-3 * abs(float(hosts[k].sum())):
                        errors.append((k, got))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    orders = [list(range(12)), list(range(11, -1, -1)), list(range(0, 12, 2)) + list(range(1, 12, 2))]
    threads = [threading.Thread(target=work, args=(o,)) for o in orders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:5]


# -- where= and initial= (NumPy's; composed in src/ops/reductions_where.cpp) ------------------

WHERE_NAMES = ["sum", "prod", "nansum", "max", "nanmin", "any", "mean", "nanmean", "var",
               "nanstd"]


@pytest.mark.parametrize("name", WHERE_NAMES)
def test_reductions_where_and_initial(name):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, 5))
    if name.startswith("nan"):
        a[1, 2] = np.nan
    mask = rng.random((4, 5)) > 0.4
    mask[:, 0] = False  # a column with nothing kept
    takes_initial = name in ("sum", "prod", "nansum", "max", "nanmin")
    for axis in (None, 0, 1):
        kws = [dict(where=mask)] if name not in ("max", "nanmin") else []
        if takes_initial:
            kws += [dict(initial=0.5), dict(where=mask, initial=0.5)]
        for kw in kws:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # empty slices, as NumPy's
                want = getattr(np, name)(a, axis=axis, keepdims=axis == 1, **kw)
                dev = {k: cp.asarray(v) if k == "where" else v for k, v in kw.items()}
                got = getattr(cp, name)(cp.asarray(a), axis=axis, keepdims=axis == 1, **dev)
            assert_same(got, np.asarray(want))


def test_reductions_where_and_initial_rules():
    a = np.arange(20, dtype=np.int16).reshape(4, 5)
    mask = np.array([True, False, True, True, False])  # broadcast along the rows
    assert_same(cp.mean(cp.asarray(a), axis=0, where=cp.asarray(mask[:4, None])),
                np.mean(a, axis=0, where=mask[:4, None]))
    assert_same(cp.asarray(a).sum(axis=1, where=cp.asarray(mask)), a.sum(axis=1, where=mask))
    assert_same(cp.max(cp.zeros((0, 3)), axis=0, initial=3), np.max(np.zeros((0, 3)), axis=0, initial=3))
    assert_same(cp.sum(cp.arange(3, dtype=cp.int8), initial=300), np.sum(np.arange(3, dtype=np.int8), initial=300))
    assert_same(cp.max(cp.arange(3), initial=5.5), np.max(np.arange(3), initial=5.5))
    with pytest.raises(ValueError, match="initial"):
        cp.max(cp.asarray(a), where=cp.asarray(mask))
    with pytest.raises(TypeError):
        cp.any(cp.asarray(a), initial=1)
    with pytest.raises(TypeError):
        cp.ptp(cp.asarray(a), where=cp.asarray(mask))
