"""cp.vectorize: pyfunc traced by cp.fuse into one elementwise kernel per argument types, as
CuPy compiles it with its JIT, with NumPy's broadcasting, otypes and excluded arguments. pyfunc
may use arithmetic, comparisons, ufuncs, where and clip; branching on element values raises
NotImplementedError (write it with cp.where)."""
from ndgpu._fusion import fuse


class vectorize:
    """numpy.vectorize's interface; `signature` is not supported (as CuPy's)."""

    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None, cache=False,
                 signature=None):
        if signature is not None:
            raise NotImplementedError("cupy.vectorize does not support `signature` option "
                                      "currently.")
        import numpy
        self.pyfunc = pyfunc
        self.otypes = None if otypes is None else [numpy.dtype(t) for t in otypes]
        self.excluded = set(excluded) if excluded else set()
        self.cache = cache
        self.__doc__ = pyfunc.__doc__ if doc is None else doc
        self._fused = {}

    def __call__(self, *args, **kwargs):
        from ndgpu import asarray
        fixed = {i: a for i, a in enumerate(args) if i in self.excluded}
        fixed.update((k, v) for k, v in kwargs.items() if k in self.excluded)
        free_pos = [i for i in range(len(args)) if i not in self.excluded]
        free_kw = sorted(k for k in kwargs if k not in self.excluded)

        def traced(*values):
            pos = dict(zip(free_pos, values))
            call = [fixed[i] if i in fixed else pos[i] for i in range(len(args))]
            named = {k: v for k, v in fixed.items() if isinstance(k, str)}
            named.update(zip(free_kw, values[len(free_pos):]))
            return self.pyfunc(*call, **named)

        try:  # one fused plan per excluded values (when they can be keys) and argument layout
            key = (len(args), tuple(free_kw), tuple(sorted(fixed.items(), key=repr)))
            fused = self._fused.get(key)
            if fused is None:
                fused = self._fused[key] = fuse(traced)
        except TypeError:  # unhashable excluded values: traced afresh
            fused = fuse(traced)
        values = [asarray(args[i]) for i in free_pos] + [asarray(kwargs[k]) for k in free_kw]
        try:
            result = fused(*values)
        except TypeError as e:
            if "branch on array values" not in str(e):
                raise
            raise NotImplementedError("vectorize: pyfunc branches on element values; write "
                                      "it with cp.where") from e
        if self.otypes is None:
            return result
        if isinstance(result, tuple):
            return tuple(r.astype(t, copy=False) for r, t in zip(result, self.otypes))
        return result.astype(self.otypes[0], copy=False)
