"""The array API standard's entry points: namespace, namespace info, to_device, astype."""
import numpy as np
import pytest

import ndgpu as cp


def test_namespace_and_version():
    x = cp.arange(3)
    assert x.__array_namespace__() is cp
    assert x.__array_namespace__(api_version="2023.12") is cp
    assert cp.__array_api_version__ == "2024.12"
    with pytest.raises(ValueError):
        x.__array_namespace__(api_version="1999.01")


def test_namespace_info_lists_devices_and_dtypes():
    info = cp.__array_namespace_info__()
    assert info.capabilities()["boolean indexing"] is True
    assert info.default_device() == cp.cuda.Device()
    assert info.default_device() in info.devices()
    assert info.default_dtypes()["real floating"] == np.float64
    assert info.default_dtypes()["indexing"] == np.int64
    assert set(info.dtypes(kind="signed integer")) == {"int8", "int16", "int32", "int64"}
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64",
                                                                  "complex128"}
    assert len(info.dtypes()) == 13
    with pytest.raises(ValueError):
        info.dtypes(kind="strings")


def test_to_device_and_astype_function():
    x = cp.arange(4, dtype=cp.int32)
    assert x.to_device(x.device) is x
    y = cp.astype(x, cp.float32)
    assert y.dtype == cp.float32 and y is not x
    np.testing.assert_array_equal(y.get(), np.arange(4, dtype=np.float32))
    assert cp.astype(x, cp.int32, copy=False).data.ptr == x.data.ptr
    moved = cp.astype(x, cp.int64, device=cp.cuda.Device(0))
    assert moved.device == cp.cuda.Device(0)
    with pytest.raises(ValueError):
        x.to_device("gpu:7")
