"""cp.vectorize against numpy.vectorize: broadcasting, scalars, keywords, excluded arguments,
otypes, several outputs, and the unsupported cases (branches, signature)."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def test_broadcast_arithmetic():
    f = lambda a, b: a * b + 2 * a - b ** 2  # noqa: E731
    a, b = np.arange(6.0).reshape(2, 3), np.array([1.0, -2.0, 0.5])
    assert_same(cp.vectorize(f)(cp.asarray(a), cp.asarray(b)), np.vectorize(f)(a, b))
    assert_same(cp.vectorize(f)(cp.asarray(a), 3), np.vectorize(f)(a, 3))


def test_keywords_excluded_and_otypes():
    def poly(x, p, scale=1.0):
        y = 0
        for c in p:
            y = y * x + c
        return y * scale
    x = np.linspace(-1, 1, 5)
    want = np.vectorize(poly, excluded={1})(x, [1, 2, 3], scale=2.0)
    assert_same(cp.vectorize(poly, excluded={1})(cp.asarray(x), [1, 2, 3], scale=2.0), want)
    g = cp.vectorize(lambda v: v * 2.5, otypes="i")
    assert_same(g(cp.arange(4)), np.vectorize(lambda v: v * 2.5, otypes="i")(np.arange(4)))


def test_several_outputs():
    f = lambda a: (a + 1, a > 2)  # noqa: E731
    got = cp.vectorize(f)(cp.arange(5))
    want = np.vectorize(f)(np.arange(5))
    for g, w in zip(got, want):
        assert_same(g, w)


def test_unsupported():
    with pytest.raises(NotImplementedError):
        cp.vectorize(lambda a: a if a > 0 else -a)(cp.arange(3))
    with pytest.raises(NotImplementedError):
        cp.vectorize(np.dot, signature="(n),(n)->()")
