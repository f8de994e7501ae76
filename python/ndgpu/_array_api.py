"""The array API standard's entry points (2024.12): x.__array_namespace__() is ndgpu itself,
__array_namespace_info__() describes its devices and dtypes, x.to_device() moves arrays,
and astype() is a function too."""
__array_api_version__ = "2024.12"

_DTYPES = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
}
_DTYPES["integral"] = _DTYPES["signed integer"] + _DTYPES["unsigned integer"]
_DTYPES["numeric"] = _DTYPES["integral"] + _DTYPES["real floating"] + _DTYPES["complex floating"]


class Info:
    """What __array_namespace_info__() returns: the namespace's capabilities, devices, dtypes."""

    __module__ = "ndgpu"

    def capabilities(self):
        # Boolean indexing and unique() give data-dependent shapes; ndgpu supports both.
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        from ndgpu import cuda
        return cuda.Device()

    def devices(self):
        from ndgpu import cuda
        return [cuda.Device(i) for i in range(cuda.runtime.getDeviceCount())]

    def default_dtypes(self, *, device=None):
        import numpy
        return {"real floating": numpy.dtype("float64"), "complex floating":
                numpy.dtype("complex128"), "integral": numpy.dtype("int64"),
                "indexing": numpy.dtype("int64")}

    def dtypes(self, *, device=None, kind=None):
        import numpy
        if kind is None:
            names = ("bool",) + _DTYPES["numeric"]
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = []
            for k in kinds:
                if isinstance(k, str):
                    if k not in _DTYPES:
                        raise ValueError("unknown dtype kind %r" % (k,))
                    names += [n for n in _DTYPES[k] if n not in names]
                else:
                    names.append(numpy.dtype(k).name)
        return {n: numpy.dtype(n) for n in names}


def __array_namespace_info__():
    return Info()


def astype(x, dtype, /, *, copy=True, device=None):
    """The standard's astype function: x.astype(dtype, copy=copy), on `device` when given."""
    out = x.astype(dtype, copy=copy)
    return out if device is None else to_device(out, device)


def array_namespace(self, /, *, api_version=None):
    if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
        raise ValueError("ndgpu implements array API version 2024.12, not %r" % (api_version,))
    import ndgpu
    return ndgpu


def to_device(self, device, /, *, stream=None):
    """A copy of x on `device` (x itself when it is already there)."""
    from ndgpu import _core, cuda
    if not isinstance(device, cuda.Device):
        raise ValueError("to_device: expected an ndgpu.cuda.Device, got %r" % (device,))
    if device == self.device:
        return self
    with device:
        if stream is not None:
            with stream:
                return _core._to_current_device(self)
        return _core._to_current_device(self)


def install(ndarray):
    ndarray.__array_namespace__ = array_namespace
    ndarray.to_device = to_device
