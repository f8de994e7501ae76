"""r_, c_, s_ and index_exp: objects that read Python's slice syntax. They only turn slice
items into arange/linspace calls and hand the pieces to the C++ concatenate."""
from ndgpu import _core


class _AxisConcatenator:
    """x[...] joins the items along `axis`; a slice a:b:c is arange(a, b, c), or linspace(a, b,
    n) when c is the complex nj; a leading 'r', 'c' or 'axis[,ndmin[,trans1d]]' string sets
    the joining as NumPy's."""

    def __init__(self, axis=0, ndmin=1, trans1d=-1):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        import ndgpu
        items = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d, matrix = self.axis, self.ndmin, self.trans1d, None
        pieces = []
        for k, item in enumerate(items):
            if isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ("r", "c"):
                    matrix = item
                    continue
                if "," in item:
                    vec = item.split(",")
                    try:
                        axis, ndmin = (int(x) for x in vec[:2])
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                    except ValueError as exc:
                        raise ValueError("unknown special directive {!r}".format(item)) from exc
                    continue
                try:
                    axis = int(item)
                except ValueError:
                    raise ValueError("unknown special directive {!r}".format(item)) from None
                continue
            if isinstance(item, slice):
                pieces.append(self._range(item))
            else:
                pieces.append(item if isinstance(item, _core.ndarray) else ndgpu.asarray(item))
            pieces[-1] = self._expand(pieces[-1], ndmin, trans1d)
        if not pieces:
            return ndgpu.asarray([])
        out = _core.concatenate(pieces, axis=axis)
        if matrix is not None and out.ndim == 1:
            out = out.reshape(1, -1) if matrix == "r" else out.reshape(-1, 1)
        return out

    @staticmethod
    def _range(s):
        import ndgpu
        start = 0 if s.start is None else s.start
        step = 1 if s.step is None else s.step
        if isinstance(step, complex):
            return ndgpu.linspace(start, s.stop, int(abs(step)))
        return ndgpu.arange(start, s.stop, step)

    @staticmethod
    def _expand(a, ndmin, trans1d):
        """NumPy's array(item, ndmin=ndmin), then the item's axes moved to trans1d."""
        k = a.ndim
        if k >= ndmin:
            return a
        a = a.reshape((1,) * (ndmin - k) + a.shape)
        if trans1d != -1:
            k2, k1 = ndmin - k, trans1d
            if k1 < 0:
                k1 += k2 + 1
            axes = list(range(ndmin))
            a = a.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
        return a

    def __len__(self):
        return 0


r_ = _AxisConcatenator(0)
c_ = _AxisConcatenator(-1, ndmin=2, trans1d=0)


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
