"""ndgpu.cupyx.scipy.special: SciPy's special functions as ufuncs of ndgpu arrays (float32 and
float64 loops, as SciPy's), and logsumexp, softmax, log_softmax and multigammaln."""
from ndgpu import _core

for _name in _core._special._ufunc_names():
    globals()[_name] = getattr(_core._special, _name)
psi = digamma  # noqa: F821  SciPy's other name
logsumexp = _core._special.logsumexp
softmax = _core._special.softmax
log_softmax = _core._special.log_softmax
multigammaln = _core._special.multigammaln
del _name
