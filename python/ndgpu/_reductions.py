"""Reductions, scans and the ufunc methods reduce, accumulate, reduceat, at: names only (C++)."""
from ndgpu import _core

ReductionKernel = _core.ReductionKernel
sum = _core.sum  # noqa: A001
prod = _core.prod
amax = _core.amax
amin = _core.amin
max = _core.max  # noqa: A001
min = _core.min  # noqa: A001
argmax = _core.argmax
argmin = _core.argmin
mean = _core.mean
var = _core.var
std = _core.std
any = _core.any  # noqa: A001
all = _core.all  # noqa: A001
count_nonzero = _core.count_nonzero
ptp = _core.ptp
average = _core.average
nansum = _core.nansum
nanprod = _core.nanprod
nanmax = _core.nanmax
nanmin = _core.nanmin
nanmean = _core.nanmean
nanvar = _core.nanvar
nanstd = _core.nanstd
nanargmax = _core.nanargmax
nanargmin = _core.nanargmin
cumsum = _core.cumsum
cumprod = _core.cumprod
nancumsum = _core.nancumsum
nancumprod = _core.nancumprod
diff = _core.diff


def _ufunc_reduce(self, array, axis=0, dtype=None, out=None, keepdims=False):
    return _core._ufunc_reduce(self.name, array, axis, dtype, out, keepdims)


def _ufunc_accumulate(self, array, axis=0, dtype=None, out=None):
    return _core._ufunc_accumulate(self.name, array, axis, dtype, out)


def _ufunc_at(self, a, indices, b=None):
    _core._ufunc_at(self.name, a, indices, b)


def _ufunc_reduceat(self, array, indices, axis=0, dtype=None, out=None):
    return _core._ufunc_reduceat(self.name, array, indices, axis, dtype, out)


_core.ufunc.reduce = _ufunc_reduce
_core.ufunc.accumulate = _ufunc_accumulate
_core.ufunc.at = _ufunc_at
_core.ufunc.reduceat = _ufunc_reduceat
