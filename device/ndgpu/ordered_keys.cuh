// Unsigned keys that order as the values they come from, NaN greatest: the sort's radix
// passes and the median's radix select read the same keys.
#pragma once
#include "ndgpu/common.cuh"

namespace ndgpu {

template <class K>
NDGPU_HD K sign_bit_of() {
  return K(K(1) << (sizeof(K) * 8 - 1));
}
// A float's bits are a NaN when their magnitude is above the exponent mask.
template <class K>
NDGPU_HD bool nan_bits(K x, K exp_mask) {
  return K(x & ~sign_bit_of<K>()) > exp_mask;
}
// A float's bits: a set sign bit flips every bit (more negative, smaller key), a clear one is
// set; NaNs become the greatest key.
template <class K>
NDGPU_HD K float_key(K x, K exp_mask) {
  const K sign = sign_bit_of<K>();
  return nan_bits(x, exp_mask) ? K(~K(0)) : (x & sign) ? K(~x) : K(x | sign);
}
template <class K>
NDGPU_HD K float_from_key(K k) {
  const K sign = sign_bit_of<K>();
  return (k & sign) ? K(k ^ sign) : K(~k);
}
// Two's complement integers: flipping the sign bit orders them as unsigned.
template <class K>
NDGPU_HD K signed_key(K x) {
  return K(x ^ sign_bit_of<K>());
}

}  // namespace ndgpu
