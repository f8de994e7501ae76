"""s_ and index_exp: objects that hand back Python's slice syntax. r_ and c_ are C++
(ndgpu::AxisConcatenator, bound in _core)."""
from ndgpu._core import c_, r_  # noqa: F401


class _IndexExpression:
    """s_[...] and index_exp[...]: the index itself (index_exp always a tuple)."""

    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


index_exp = _IndexExpression(maketuple=True)
s_ = _IndexExpression(maketuple=False)
