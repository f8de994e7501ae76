// RawKernel(translate_cucomplex=True): kernels written against cuComplex.h run on ndgpu's
// complex<T>, whose layout is the same (two floats or two doubles).
#pragma once
#include "cupy/complex.cuh"

typedef complex<float> cuFloatComplex;
typedef complex<float> cuComplex;
typedef complex<double> cuDoubleComplex;

NDGPU_HD float cuCrealf(cuFloatComplex z) {
  return z.real();
}
NDGPU_HD float cuCimagf(cuFloatComplex z) {
  return z.imag();
}
NDGPU_HD cuFloatComplex make_cuFloatComplex(float r, float i) {
  return cuFloatComplex(r, i);
}
NDGPU_HD cuFloatComplex make_cuComplex(float r, float i) {
  return cuFloatComplex(r, i);
}
NDGPU_HD cuFloatComplex cuConjf(cuFloatComplex z) {
  return conj(z);
}
NDGPU_HD cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) {
  return a + b;
}
NDGPU_HD cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) {
  return a - b;
}
NDGPU_HD cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
  return a * b;
}
NDGPU_HD cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
  return a / b;
}
NDGPU_HD float cuCabsf(cuFloatComplex z) {
  return abs(z);
}
NDGPU_HD cuFloatComplex cuCfmaf(cuFloatComplex a, cuFloatComplex b, cuFloatComplex c) {
  return a * b + c;
}

NDGPU_HD double cuCreal(cuDoubleComplex z) {
  return z.real();
}
NDGPU_HD double cuCimag(cuDoubleComplex z) {
  return z.imag();
}
NDGPU_HD cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  return cuDoubleComplex(r, i);
}
NDGPU_HD cuDoubleComplex cuConj(cuDoubleComplex z) {
  return conj(z);
}
NDGPU_HD cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) {
  return a + b;
}
NDGPU_HD cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) {
  return a - b;
}
NDGPU_HD cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
  return a * b;
}
NDGPU_HD cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
  return a / b;
}
NDGPU_HD double cuCabs(cuDoubleComplex z) {
  return abs(z);
}
NDGPU_HD cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex c) {
  return a * b + c;
}
NDGPU_HD cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) {
  return cuFloatComplex(z);
}
NDGPU_HD cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) {
  return cuDoubleComplex(z);
}
