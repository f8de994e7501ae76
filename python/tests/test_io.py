"""Files, bytes, text and printing options: the values round-trip through NumPy's formats
and load onto the device."""
import io
import pickle

import numpy as np
import pytest

import ndgpu as cp


def test_save_and_load_npy(tmp_path):
    x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
    cp.save(tmp_path / "x.npy", x)
    y = cp.load(tmp_path / "x.npy")
    assert isinstance(y, cp.ndarray) and y.dtype == cp.float32
    np.testing.assert_array_equal(y.get(), np.arange(12, dtype=np.float32).reshape(3, 4))
    with pytest.raises(ValueError):  # object arrays need allow_pickle, as NumPy
        np.save(tmp_path / "o.npy", np.array([{}], dtype=object))
        cp.load(tmp_path / "o.npy")


def test_savez_and_compressed_load_each_array_to_the_device(tmp_path):
    a, b = cp.arange(3), cp.ones((2, 2))
    cp.savez(tmp_path / "ab.npz", a, b=b)
    cp.savez_compressed(tmp_path / "c.npz", a=a)
    with cp.load(tmp_path / "ab.npz") as f:
        assert sorted(f.files) == ["arr_0", "b"]
        assert isinstance(f["b"], cp.ndarray)
        np.testing.assert_array_equal(f["arr_0"].get(), np.arange(3))
    np.testing.assert_array_equal(cp.load(tmp_path / "c.npz")["a"].get(), np.arange(3))


def test_text_files(tmp_path):
    x = cp.arange(6, dtype=cp.float64).reshape(2, 3) / 4
    cp.savetxt(tmp_path / "x.txt", x, fmt="%.3f")
    y = cp.loadtxt(tmp_path / "x.txt")
    np.testing.assert_allclose(y.get(), x.get(), atol=1e-3)
    g = cp.genfromtxt(io.StringIO("1,2\n3,nan"), delimiter=",")
    assert isinstance(g, cp.ndarray) and np.isnan(g.get()[1, 1])


def test_bytes_tofile_fromfile_dump(tmp_path):
    x = cp.arange(5, dtype=cp.int16)
    assert x.tobytes() == np.arange(5, dtype=np.int16).tobytes()
    assert x.T.tobytes(order="F") == np.arange(5, dtype=np.int16).tobytes(order="F")
    x.tofile(tmp_path / "x.bin")
    np.testing.assert_array_equal(cp.fromfile(tmp_path / "x.bin", dtype=cp.int16).get(),
                                  np.arange(5, dtype=np.int16))
    x.dump(str(tmp_path / "x.pkl"))
    with open(tmp_path / "x.pkl", "rb") as f:
        np.testing.assert_array_equal(pickle.load(f).get(), np.arange(5))
    np.testing.assert_array_equal(pickle.loads(x.dumps()).get(), np.arange(5))


def test_printing_functions_and_options():
    x = cp.array([1.5, 2.25, 3.0])
    host = x.get()
    assert cp.array2string(x) == np.array2string(host)
    assert cp.array_repr(x) == np.array_repr(host)
    assert cp.array_str(x) == np.array_str(host)
    with cp.printoptions(precision=1):
        assert repr(x) == repr(np.array([1.5, 2.25, 3.0])) and "2.2" in repr(x)
    assert cp.get_printoptions()["precision"] == np.get_printoptions()["precision"]
    assert cp.base_repr(10, 3) == "101" and cp.binary_repr(-3, width=4) == "1101"
    assert cp.format_float_positional(np.float32(0.1)) == "0.1"
    assert cp.format_float_scientific(1234.5, precision=2) == "1.23e+03"
