"""ndgpu.fft against numpy.fft: lengths (1, primes, powers of two, mixed radices), axes, norms,
dtypes, non-contiguous inputs, out=, the helpers, the plan cache and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp

LENGTHS = [1, 2, 7, 16, 60, 97, 127, 210, 1024, 1031, 4096 + 3]
NORMS = [None, "backward", "ortho", "forward"]


def _fft_available():
    try:
        cp.fft.fft(cp.ones(2))
    except RuntimeError as e:  # a CPU backend built without KissFFT's header says so
        return "KissFFT" not in str(e)
    return True


pytestmark = pytest.mark.skipif(not _fft_available(), reason="built without KissFFT")


def data(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    if np.dtype(dtype).kind in "iub":
        x = rng.integers(0, 5, shape)
    return x.astype(dtype)


def check(actual, expected):
    """Same shape and dtype; values within the precision's error relative to the largest."""
    expected = np.asarray(expected)
    assert isinstance(actual, cp.ndarray)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    tol = {2: 2e-3, 4: 2e-5}.get(expected.real.dtype.itemsize, 1e-12)
    scale = max(np.abs(expected).max(initial=0), 1.0)
    np.testing.assert_allclose(actual.get(), expected, rtol=0, atol=tol * scale)


@pytest.mark.parametrize("n", LENGTHS)
def test_fft_lengths(n):
    x = data((3, n), np.complex128)
    check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x))
    check(cp.fft.ifft(cp.asarray(x)), np.fft.ifft(x))


@pytest.mark.parametrize("n", [1, 2, 5, 8, 13, 30, 101, 1000])
def test_real_lengths(n):
    x = data((2, n), np.float64)
    check(cp.fft.rfft(cp.asarray(x)), np.fft.rfft(x))
    spec = np.fft.rfft(x)
    for m in {n, max(2 * (spec.shape[-1] - 1), 1)}:
        check(cp.fft.irfft(cp.asarray(spec), n=m), np.fft.irfft(spec, n=m))
    if spec.shape[-1] > 1:
        check(cp.fft.hfft(cp.asarray(spec)), np.fft.hfft(spec))
    check(cp.fft.ihfft(cp.asarray(x)), np.fft.ihfft(x))


@pytest.mark.parametrize("norm", NORMS)
def test_norms(norm):
    x = data((4, 12), np.complex128)
    r = data((4, 12), np.float64)
    for name in ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn"]:
        check(getattr(cp.fft, name)(cp.asarray(x), norm=norm), getattr(np.fft, name)(x, norm=norm))
    for name in ["rfft", "rfft2", "rfftn", "ihfft"]:
        check(getattr(cp.fft, name)(cp.asarray(r), norm=norm), getattr(np.fft, name)(r, norm=norm))
    for name in ["irfft", "irfft2", "irfftn", "hfft"]:
        check(getattr(cp.fft, name)(cp.asarray(x), norm=norm), getattr(np.fft, name)(x, norm=norm))


@pytest.mark.parametrize("dtype", [np.bool_, np.int32, np.float16, np.float32, np.float64,
                                   np.complex64, np.complex128])
def test_dtypes(dtype):
    x = data((3, 10), dtype)
    check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x))
    check(cp.fft.fftn(cp.asarray(x)), np.fft.fftn(x))
    if np.dtype(dtype).kind != "c":
        check(cp.fft.rfft(cp.asarray(x)), np.fft.rfft(x))
    if np.dtype(dtype).kind in "fc":
        check(cp.fft.irfft(cp.asarray(x)), np.fft.irfft(x))


def test_axis_and_n():
    x = data((4, 6, 5), np.complex128)
    for axis in [0, 1, -1, -3]:
        for n in [None, 3, 9]:
            check(cp.fft.fft(cp.asarray(x), n=n, axis=axis), np.fft.fft(x, n=n, axis=axis))
    r = data((4, 6, 5), np.float64)
    check(cp.fft.rfft(cp.asarray(r), n=8, axis=0), np.fft.rfft(r, n=8, axis=0))
    check(cp.fft.irfft(cp.asarray(x), n=7, axis=1), np.fft.irfft(x, n=7, axis=1))


@pytest.mark.filterwarnings("ignore:`axes` should not be `None`:DeprecationWarning")
@pytest.mark.parametrize("s,axes", [
    (None, None), ((3, 4), None), (None, (0, 2)), ((5, 2, 7), (2, 0, 1)), (None, (1,)),
    (None, (0, 0)), ((4, 6), (1, 1)), (None, (-1, 0, 1, 2)), ((-1, 8), (0, 2)),
])
def test_nd(s, axes):
    x = data((3, 4, 6, 2), np.complex128)
    r = data((3, 4, 6, 2), np.float64)
    for name in ["fftn", "ifftn"]:
        check(getattr(cp.fft, name)(cp.asarray(x), s=s, axes=axes),
              getattr(np.fft, name)(x, s=s, axes=axes))
    check(cp.fft.rfftn(cp.asarray(r), s=s, axes=axes), np.fft.rfftn(r, s=s, axes=axes))
    check(cp.fft.irfftn(cp.asarray(x), s=s, axes=axes), np.fft.irfftn(x, s=s, axes=axes))


def test_2d_defaults():
    x = data((2, 6, 10), np.complex64)
    r = data((2, 6, 10), np.float32)
    check(cp.fft.fft2(cp.asarray(x)), np.fft.fft2(x))
    check(cp.fft.ifft2(cp.asarray(x), s=(4, 5)), np.fft.ifft2(x, s=(4, 5)))
    check(cp.fft.rfft2(cp.asarray(r)), np.fft.rfft2(r))
    check(cp.fft.irfft2(cp.asarray(x)), np.fft.irfft2(x))
    check(cp.fft.fft2(cp.asarray(x), axes=(0, 2)), np.fft.fft2(x, axes=(0, 2)))


def test_non_contiguous():
    x = data((8, 12, 6), np.complex128)
    r = data((8, 12, 6), np.float32)
    d, dr = cp.asarray(x), cp.asarray(r)
    views = [lambda a: a[::2], lambda a: a[:, ::-3], lambda a: a.transpose(2, 0, 1)]
    for view in views:
        check(cp.fft.fft(view(d)), np.fft.fft(view(x)))
        check(cp.fft.fftn(view(d), axes=(0, 2)), np.fft.fftn(view(x), axes=(0, 2)))
        check(cp.fft.rfft(view(dr), axis=0), np.fft.rfft(view(r), axis=0))
        check(cp.fft.irfftn(view(d)), np.fft.irfftn(view(x)))


def test_input_untouched_and_out():
    x = data((4, 9), np.complex128)
    d = cp.asarray(x)
    cp.fft.irfft2(d)
    np.testing.assert_array_equal(d.get(), x)
    out = cp.empty((4, 9), np.complex64)
    r = cp.fft.fft(d, out=out)
    assert r is out
    check(out, np.fft.fft(x).astype(np.complex64))
    with pytest.raises(ValueError):
        cp.fft.fft(d, out=cp.empty((4, 8), np.complex128))
    with pytest.raises(TypeError):
        cp.fft.fft(d, out=cp.empty((4, 9), np.float64))


def test_errors():
    x = cp.asarray(data((4, 4), np.complex128))
    with pytest.raises(ValueError):
        cp.fft.fft(x, n=0)
    with pytest.raises(ValueError):
        cp.fft.fft(cp.zeros((0,)))
    with pytest.raises(ValueError):
        cp.fft.irfft(cp.ones(1))
    with pytest.raises(IndexError):
        cp.fft.fft(x, axis=2)
    with pytest.raises(IndexError):
        cp.fft.fftn(x, axes=(0, 5))
    with pytest.raises(ValueError):
        cp.fft.fftn(x, s=(2, 3), axes=(0,))
    with pytest.raises(ValueError):
        cp.fft.fft(x, norm="bad")
    with pytest.raises(TypeError):
        cp.fft.rfft(x)


def test_empty_batch():
    x = np.zeros((0, 8), np.complex64)
    check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x))
    check(cp.fft.rfft(cp.asarray(x.real)), np.fft.rfft(x.real))


def test_freq_and_shift():
    for n in [1, 4, 7]:
        for d in [1.0, 0.1]:
            check(cp.fft.fftfreq(n, d), np.fft.fftfreq(n, d))
            check(cp.fft.rfftfreq(n, d), np.fft.rfftfreq(n, d))
    x = data((5, 6, 3), np.float64)
    for axes in [None, 0, (1, 2), -1]:
        check(cp.fft.fftshift(cp.asarray(x), axes), np.fft.fftshift(x, axes))
        check(cp.fft.ifftshift(cp.asarray(x), axes), np.fft.ifftshift(x, axes))
    with pytest.raises(ZeroDivisionError):
        cp.fft.fftfreq(0)


def test_plan_cache():
    cache = cp.fft.config.get_plan_cache()
    old = cache.get_size()
    try:
        cache.clear()
        assert cache.get_curr_size() == 0
        cp.fft.fft(cp.ones(10))
        cp.fft.fft(cp.ones(10))
        cp.fft.fft(cp.ones(12))
        assert cache.get_curr_size() == 2
        cache.set_memsize(1 << 20)
        assert cache.get_memsize() == 1 << 20
        assert cache.get_curr_memsize() <= 1 << 20
        cache.set_memsize(-1)
        cache.set_size(1)
        assert cache.get_curr_size() == 1
        cache.set_size(0)
        cp.fft.fft(cp.ones(14))
        assert cache.get_curr_size() == 0
        with pytest.raises(ValueError):
            cache.set_size(-1)
    finally:
        cache.set_size(old)


@pytest.mark.parametrize("n", [1 << 17, 3 * 5 * 7 * 11 * 13 * 16])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_long_lengths(n, dtype):
    """Lengths from 2^16 on take the four-step path on the CPU backend."""
    x = data(n, dtype)
    check(cp.fft.fft(cp.asarray(x)), np.fft.fft(x))
    check(cp.fft.ifft(cp.asarray(x)), np.fft.ifft(x))
    r = x.real.copy()
    check(cp.fft.rfft(cp.asarray(r)), np.fft.rfft(r))
