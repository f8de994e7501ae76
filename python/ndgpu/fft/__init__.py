"""ndgpu.fft: numpy.fft's functions on cuFFT (CUDA) and KissFFT (the CPU backend).

NumPy 2's dtypes: float32 and complex64 in, complex64 (or float32) out; everything else in
double precision. `config` is CuPy's cupy.fft.config (the per-device plan cache)."""
from ndgpu import _core
from ndgpu.fft import config  # noqa: F401

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2",
    "rfftn", "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]


def fft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.fft: the 1-D discrete Fourier transform along `axis`."""
    return _core._fft_fft(a, n, axis, norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.ifft: the 1-D inverse discrete Fourier transform."""
    return _core._fft_ifft(a, n, axis, norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.rfft: the 1-D transform of real input, n//2+1 terms."""
    return _core._fft_rfft(a, n, axis, norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.irfft: the inverse of rfft, n = 2*(m-1) real points by default."""
    return _core._fft_irfft(a, n, axis, norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.hfft: the transform of a Hermitian-symmetric signal (real spectrum)."""
    return _core._fft_hfft(a, n, axis, norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.ihfft: the inverse of hfft."""
    return _core._fft_ihfft(a, n, axis, norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.fftn: the N-D transform over `axes` (all by default)."""
    return _core._fft_fftn(a, s, axes, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.ifftn: the N-D inverse transform."""
    return _core._fft_ifftn(a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.rfftn: the N-D transform of real input (halved along the last axis)."""
    return _core._fft_rfftn(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.irfftn: the inverse of rfftn."""
    return _core._fft_irfftn(a, s, axes, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.fft2: fftn over the last two axes."""
    return _core._fft_fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.ifft2: ifftn over the last two axes."""
    return _core._fft_ifftn(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.rfft2: rfftn over the last two axes."""
    return _core._fft_rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.irfft2: irfftn over the last two axes."""
    return _core._fft_irfftn(a, s, axes, norm, out)


def fftfreq(n, d=1.0, device=None):
    """numpy.fft.fftfreq: the sample frequencies of an n-point transform (float64)."""
    return _core._fft_fftfreq(n, d)


def rfftfreq(n, d=1.0, device=None):
    """numpy.fft.rfftfreq: the n//2+1 non-negative sample frequencies (float64)."""
    return _core._fft_rfftfreq(n, d)


def fftshift(x, axes=None):
    """numpy.fft.fftshift: the zero-frequency term moved to the centre."""
    return _core._fft_fftshift(x, axes)


def ifftshift(x, axes=None):
    """numpy.fft.ifftshift: the inverse of fftshift."""
    return _core._fft_ifftshift(x, axes)
