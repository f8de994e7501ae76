"""Creation routines of issue 14's second part vs NumPy: logspace, geomspace, meshgrid,
mgrid/ogrid, vander, the from* readers, linspace(retstep=), order='F' and asfortranarray."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def test_linspace_retstep():
    for args in ((0, 1, 5), (2, -3, 4, False), (0, 1, 1), (0, 1, 0), (1j, 2 + 4j, 3)):
        r, s = cp.linspace(*args, retstep=True)
        e, es = np.linspace(*args, retstep=True)
        assert_same(r, e)
        np.testing.assert_equal(s, es)
        assert type(s) is type(complex(es) if isinstance(es, complex) else float(es))


@pytest.mark.parametrize("args,kw", [
    ((0, 3, 4), {}), ((0, 3, 4), {"dtype": np.int32}), ((1, 2, 5), {"base": 2}),
    ((-1, 2, 6), {"endpoint": False, "dtype": np.float32}), ((0, 1j, 3), {}),
], ids=repr)
def test_logspace(args, kw):
    assert_same(cp.logspace(*args, **kw), np.logspace(*args, **kw), rtol=1e-6)


@pytest.mark.parametrize("args,kw", [
    ((1, 1000, 4), {}), ((-1, -1000, 4), {}), ((1, 256, 9), {"dtype": np.int64}),
    ((2, 5, 6), {"endpoint": False, "dtype": np.float32}), ((1j, 1000j, 4), {}),
    ((1 + 1j, 8 - 3j, 5), {}), ((3, 3, 1), {}),
], ids=repr)
def test_geomspace(args, kw):
    # Interior points come from a power of 10, exact to an ulp on each platform: integer
    # results truncate it, so 127.99999999999997 on the host may be 128.0 on a GPU.
    expected = np.geomspace(*args, **kw)
    if expected.dtype.kind in "iu":
        got = cp.geomspace(*args, **kw)
        assert got.dtype == expected.dtype
        np.testing.assert_allclose(got.get(), expected, atol=1)
        return
    assert_same(cp.geomspace(*args, **kw), expected, rtol=1e-12)


def test_geomspace_zero():
    with pytest.raises(ValueError, match="zero"):
        cp.geomspace(0, 10)


@pytest.mark.parametrize("kw", [{}, {"indexing": "ij"}, {"sparse": True},
                                {"sparse": True, "indexing": "ij", "copy": False},
                                {"copy": False}], ids=repr)
def test_meshgrid(kw):
    xs = [sample((3,), np.float32), sample((4,), np.int16), sample((2,), np.float64)]
    for k in (1, 2, 3):
        r = cp.meshgrid(*[cp.array(x) for x in xs[:k]], **kw)
        e = np.meshgrid(*xs[:k], **kw)
        assert len(r) == len(e)
        for u, v in zip(r, e):
            assert_same(u, v)
    with pytest.raises(ValueError):
        cp.meshgrid(cp.zeros(2), indexing="yx")


@pytest.mark.parametrize("key", [
    (slice(0, 5),), (slice(0, 4), slice(1, 3)), (slice(0, 1, 5j), slice(-1, 1, 0.5)),
    (slice(2, 8, 3), slice(0, 2.0)), (slice(0, 1, 1j), slice(3)),
], ids=repr)
def test_mgrid_ogrid(key):
    assert_same(cp.mgrid[key], np.mgrid[key])
    for u, v in zip(cp.ogrid[key], np.ogrid[key]):
        assert_same(u, v)


def test_grid_single_slice():
    assert_same(cp.mgrid[0:5], np.mgrid[0:5])
    assert_same(cp.mgrid[-1:1:5j], np.mgrid[-1:1:5j])
    assert_same(cp.ogrid[0:2:0.5], np.ogrid[0:2:0.5])


@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.complex64, np.bool_])
def test_vander(dtype):
    x = sample((4,), dtype)
    for kw in ({}, {"N": 3}, {"N": 0}, {"increasing": True, "N": 6}):
        assert_same(cp.vander(cp.array(x), **kw), np.vander(x, **kw))
    with pytest.raises(ValueError):
        cp.vander(cp.zeros((2, 2)))


def test_fromfunction():
    f = lambda i, j, k=1: i * 10 + j * k  # noqa: E731
    assert_same(cp.fromfunction(f, (3, 4)), np.fromfunction(f, (3, 4)))
    assert_same(cp.fromfunction(f, (2, 3), dtype=int, k=2),
                np.fromfunction(f, (2, 3), dtype=int, k=2))
    assert cp.fromfunction(lambda i: 7, (3,)) == 7


def test_frombuffer():
    n = sample((10,), np.float32)
    buf = n.tobytes()
    assert_same(cp.frombuffer(buf, np.float32), np.frombuffer(buf, np.float32))
    assert_same(cp.frombuffer(buf, np.int16, count=3, offset=4),
                np.frombuffer(buf, np.int16, count=3, offset=4))
    assert_same(cp.frombuffer(bytearray(b"\x01\x02"), np.uint8),
                np.frombuffer(bytearray(b"\x01\x02"), np.uint8))
    for kw in ({"dtype": np.float64, "offset": 4}, {"count": 11, "dtype": np.float32},
               {"offset": 41}):
        with pytest.raises(ValueError):
            np.frombuffer(buf, **kw)
        with pytest.raises(ValueError):
            cp.frombuffer(buf, **kw)


def test_fromstring():
    for args, kw in ((("1 2  3.5",), {"sep": " "}), (("1, 2,3",), {"dtype": np.int32, "sep": ","}),
                     (("4;5;6",), {"sep": ";", "count": 2}), (("",), {"sep": ","})):
        assert_same(cp.fromstring(*args, **kw), np.fromstring(*args, **kw))
    for args, kw in ((("1,2,x",), {"sep": ","}), ((b"\x00" * 8,), {})):
        with pytest.raises(ValueError):
            np.fromstring(*args, **kw)
        with pytest.raises(ValueError):
            cp.fromstring(*args, **kw)
    with pytest.raises(ValueError):  # NumPy 2.4 returns uninitialised memory here
        cp.fromstring("1 2", sep=" ", count=3)


def test_fromiter():
    assert_same(cp.fromiter(range(5), np.int16), np.fromiter(range(5), np.int16))
    gen = (x * 0.5 for x in range(100))
    assert_same(cp.fromiter(gen, np.float32, count=4),
                np.fromiter((x * 0.5 for x in range(100)), np.float32, count=4))
    with pytest.raises(ValueError, match="too short"):
        cp.fromiter(range(2), np.float64, count=3)


def test_full_order_f_and_asanyarray():
    x = cp.full((2, 3), 7, dtype=np.int8, order="F")
    assert x.flags.f_contiguous and not x.flags.c_contiguous
    assert_same(x, np.full((2, 3), 7, np.int8, order="F"))
    y = cp.arange(3)
    assert cp.asanyarray(y)._pointer == y._pointer  # no copy
    assert_same(cp.asanyarray([1, 2]), np.asanyarray([1, 2]))
