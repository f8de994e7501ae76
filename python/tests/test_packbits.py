"""packbits and unpackbits against NumPy: both bit orders, axes and the flattened array,
padding, count (cut, negative, zero-padded), bool and wide integer input, and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

VALUES = np.array([[2, 7, 0, -1, 5, 0, 0, 3, 9], [1, 1, 8, 0, 0, 0, 2, 2, 2]], dtype=np.int64)


@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_packbits(axis, bitorder):
    for a in (VALUES, VALUES.astype(bool), VALUES.astype(np.uint8)):
        assert_same(cp.packbits(cp.asarray(a), axis=axis, bitorder=bitorder),
                    np.packbits(a, axis=axis, bitorder=bitorder))


@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("axis,count", [(None, None), (0, None), (1, 5), (1, -3), (1, 20),
                                        (None, 0)])
def test_unpackbits(axis, count, bitorder):
    a = np.array([[2, 255], [7, 128], [23, 0]], dtype=np.uint8)
    assert_same(cp.unpackbits(cp.asarray(a), axis=axis, count=count, bitorder=bitorder),
                np.unpackbits(a, axis=axis, count=count, bitorder=bitorder))


def test_round_trip_and_edges():
    a = np.random.default_rng(0).integers(0, 2, 1003).astype(bool)
    packed = cp.packbits(cp.asarray(a))
    assert_same(packed, np.packbits(a))
    assert_same(cp.unpackbits(packed, count=1003), np.unpackbits(np.packbits(a), count=1003))
    assert_same(cp.packbits(cp.asarray(np.array(5))), np.packbits(np.array(5)))
    assert_same(cp.packbits(cp.zeros((0, 3), dtype=cp.int32), axis=0),
                np.packbits(np.zeros((0, 3), np.int32), axis=0))


@pytest.mark.parametrize("call", [lambda m: m.packbits(m.ones(3)),
                                  lambda m: m.unpackbits(m.ones(3, dtype=m.int8)),
                                  lambda m: m.unpackbits(m.ones(3, dtype=m.uint8), count=-30),
                                  lambda m: m.packbits(m.ones(3, dtype=m.int32), bitorder="x")])
def test_errors(call):
    with pytest.raises(Exception) as want:
        call(np)
    with pytest.raises(want.type, match=str(want.value).replace("'", ".")):
        call(cp)
