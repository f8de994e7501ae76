// The quick tier's interpreter (docs/quick_tier.md): one pre-built kernel that runs a small
// register program per element, so a new ElementwiseKernel answers its first call while its
// own kernel compiles in the background. Each operation calls the function that generated
// code would call (sqrt, min, ...), with the same headers and flags, so both tiers agree bit
// for bit; the bytecode comes from src/kernel/quick/compile.cpp.
#pragma once
#include "ndgpu/common.cuh"
#include "ndgpu/fast_math.cuh"
#include "ndgpu/interp_program.cuh"

namespace ndgpu {
namespace interp {

union Reg {
  bool b;
  signed char i8;
  unsigned char u8;
  short i16;
  unsigned short u16;
  int i32;
  unsigned int u32;
  long long i64;
  unsigned long long u64;
  float f32;
  double f64;
};

template <class T>
struct Slot;
#define NDGPU_INTERP_SLOT(T, m)                         \
  template <>                                           \
  struct Slot<T> {                                      \
    static NDGPU_HD T get(const Reg& r) { return r.m; } \
    static NDGPU_HD void set(Reg& r, T v) {             \
      r.u64 = 0;                                        \
      r.m = v;                                          \
    }                                                   \
  };
NDGPU_INTERP_SLOT(bool, b)
NDGPU_INTERP_SLOT(signed char, i8)
NDGPU_INTERP_SLOT(unsigned char, u8)
NDGPU_INTERP_SLOT(short, i16)
NDGPU_INTERP_SLOT(unsigned short, u16)
NDGPU_INTERP_SLOT(int, i32)
NDGPU_INTERP_SLOT(unsigned int, u32)
NDGPU_INTERP_SLOT(long long, i64)
NDGPU_INTERP_SLOT(unsigned long long, u64)
NDGPU_INTERP_SLOT(float, f32)
NDGPU_INTERP_SLOT(double, f64)
#undef NDGPU_INTERP_SLOT

// Calls F::template run<T>() for the C++ type of `t`.
template <class F>
NDGPU_HD void with_type(int t, F& f) {
  switch (t) {
    case Bool:
      f.template run<bool>();
      break;
    case I8:
      f.template run<signed char>();
      break;
    case U8:
      f.template run<unsigned char>();
      break;
    case I16:
      f.template run<short>();
      break;
    case U16:
      f.template run<unsigned short>();
      break;
    case I32:
      f.template run<int>();
      break;
    case U32:
      f.template run<unsigned int>();
      break;
    case I64:
      f.template run<long long>();
      break;
    case U64:
      f.template run<unsigned long long>();
      break;
    case F32:
      f.template run<float>();
      break;
    default:
      f.template run<double>();
      break;
  }
}

template <class T>
struct IsFloat {
  static const bool value = false;
};
template <>
struct IsFloat<float> {
  static const bool value = true;
};
template <>
struct IsFloat<double> {
  static const bool value = true;
};
template <class T>
struct IsSmall {
  static const bool value = sizeof(T) < 4;
};
template <>
struct IsSmall<bool> {
  static const bool value = true;
};

// The type +, - and * are computed in: the unsigned twin of a signed integer, so that they
// wrap as NumPy's and the compiled kernels' do (signed overflow is undefined in C++).
template <class T>
struct Wrap {
  typedef T type;
};
template <>
struct Wrap<int> {
  typedef unsigned int type;
};
template <>
struct Wrap<long> {
  typedef unsigned long type;
};
template <>
struct Wrap<long long> {
  typedef unsigned long long type;
};

NDGPU_HD int type_size(int t) {
  return t <= U8 ? 1 : t <= U16 ? 2 : (t <= U32 || t == F32) ? 4 : 8;
}

// Reads register `r`, of type `from`, converted to To as a C++ cast would.
template <class To>
struct ReadAs {
  const Reg& r;
  To out;
  template <class From>
  NDGPU_HD void run() {
    out = (To)Slot<From>::get(r);
  }
};

// The operations of one value type (T is never narrower than int except in Cvt/Load/Store).
template <class T>
struct Exec {
  typedef typename Wrap<T>::type W;
  const Instr& in;
  Reg* r;
  NDGPU_HD T A() const { return Slot<T>::get(r[in.a]); }
  NDGPU_HD T B() const { return Slot<T>::get(r[in.b]); }
  NDGPU_HD void put(T v) { Slot<T>::set(r[in.dst], v); }
  NDGPU_HD void put_bool(bool v) { Slot<bool>::set(r[in.dst], v); }

  NDGPU_HD void exec() {
    if constexpr (!IsSmall<T>::value) {
      switch (in.op) {
        case Add:
          put(T(W(A()) + W(B())));
          return;
        case Sub:
          put(T(W(A()) - W(B())));
          return;
        case Mul:
          put(T(W(A()) * W(B())));
          return;
        case Min:
          put(::min(A(), B()));
          return;
        case Max:
          put(::max(A(), B()));
          return;
        case Lt:
          put_bool(A() < B());
          return;
        case Le:
          put_bool(A() <= B());
          return;
        case Gt:
          put_bool(A() > B());
          return;
        case Ge:
          put_bool(A() >= B());
          return;
        case Eq:
          put_bool(A() == B());
          return;
        case Ne:
          put_bool(A() != B());
          return;
        case Neg:
          put(T(-W(A())));
          return;
        default:
          break;
      }
      if constexpr (IsFloat<T>::value)
        exec_float();
      else
        exec_int();
    }
  }

  NDGPU_HD void exec_int() {
    if constexpr (!IsFloat<T>::value && !IsSmall<T>::value) {
#ifndef NDGPU_DEVICE_CUDA
      // x86 traps on these (undefined in C++): a ?: arm or && operand that the compiled kernel
      // would skip is evaluated here, so it must not crash the process.
      if ((in.op == Div || in.op == Mod) && (B() == T(0) || (T(-1) < T(0) && B() == T(-1)))) {
        put(in.op == Mod || B() == T(0) ? T(0)
                                        : T((unsigned long long)0 - (unsigned long long)A()));
        return;
      }
#endif
      switch (in.op) {
        case Div:
          put(A() / B());
          return;
        case Mod:
          put(A() % B());
          return;
        case BitAnd:
          put(A() & B());
          return;
        case BitOr:
          put(A() | B());
          return;
        case BitXor:
          put(A() ^ B());
          return;
        case Shl:
          put(A() << B());
          return;
        case Shr:
          put(A() >> B());
          return;
        case BitNot:
          put(~A());
          return;
        case Abs:
          put(A() < T(0) ? T(-A()) : A());
          return;
        default:
          return;
      }
    }
  }

  NDGPU_HD void exec_float() {
    if constexpr (IsFloat<T>::value) {
      T a = A();
      switch (in.op) {
        case Div:
          put(a / B());
          return;
        case Abs:
          put(::fabs(a));
          return;
#if defined(NDGPU_FAST_MATH) && !defined(NDGPU_DEVICE_CUDA)
        case Sqrt:
          put((::ndgpu::fast_sqrt)(a));
          return;  // as compiled CPU kernels' sqrt
#else
        case Sqrt:
          put((::sqrt)(a));
          return;  // parenthesised: never fast_math.cuh's macro
#endif
        case Cbrt:
          put(::cbrt(a));
          return;
        case Exp:
          put(::exp(a));
          return;
        case Exp2:
          put(::exp2(a));
          return;
        case Expm1:
          put(::expm1(a));
          return;
        case Log:
          put(::log(a));
          return;
        case Log2:
          put(::log2(a));
          return;
        case Log10:
          put(::log10(a));
          return;
        case Log1p:
          put(::log1p(a));
          return;
        case Sin:
          put(::sin(a));
          return;
        case Cos:
          put(::cos(a));
          return;
        case Tan:
          put(::tan(a));
          return;
        case Asin:
          put(::asin(a));
          return;
        case Acos:
          put(::acos(a));
          return;
        case Atan:
          put(::atan(a));
          return;
        case Sinh:
          put(::sinh(a));
          return;
        case Cosh:
          put(::cosh(a));
          return;
        case Tanh:
          put(::tanh(a));
          return;
        case Asinh:
          put(::asinh(a));
          return;
        case Acosh:
          put(::acosh(a));
          return;
        case Atanh:
          put(::atanh(a));
          return;
        case Floor:
          put(::floor(a));
          return;
        case Ceil:
          put(::ceil(a));
          return;
        case Trunc:
          put(::trunc(a));
          return;
        case Round:
          put(::round(a));
          return;
        case Rint:
          put(::rint(a));
          return;
        case Erf:
          put(::erf(a));
          return;
        case Erfc:
          put(::erfc(a));
          return;
        case Pow:
          put(::pow(a, B()));
          return;
        case Atan2:
          put(::atan2(a, B()));
          return;
        case Fmod:
          put(::fmod(a, B()));
          return;
        case Hypot:
          put(::hypot(a, B()));
          return;
        case Copysign:
          put(::copysign(a, B()));
          return;
        case Fmin:
          put(::fmin(a, B()));
          return;
        case Fmax:
          put(::fmax(a, B()));
          return;
        case IsNan:
          put_bool(::isnan(a));
          return;
        case IsInf:
          put_bool(::isinf(a));
          return;
        case IsFinite:
          put_bool(::isfinite(a));
          return;
        case Signbit:
          put_bool(::signbit(a));
          return;
        default:
          return;
      }
    }
  }
};

// Load: register <- element i of parameter k (or its scalar value), of the parameter's type.
// Loads and stores at a typed address: `ptr` holds a value of the parameter's type.
struct LoadAt {
  const char* ptr;
  Reg& dst;
  template <class T>
  NDGPU_HD void run() {
    Slot<T>::set(dst, *(const T*)ptr);
  }
};

struct StoreAt {
  char* ptr;
  const Reg& src;
  template <class T>
  NDGPU_HD void run() {
    *(T*)ptr = Slot<T>::get(src);
  }
};

// Parameters of an elementwise launch: element i of each array, or scalars.
struct ArrayIo {
  const Launch& L;
  long long i;
  long long index[kMaxDims];
  NDGPU_HD ArrayIo(const Launch& launch, long long element) : L(launch), i(element) {
    long long rest = element;
    for (int d = L.ndim - 1; d >= 0; --d) {
      index[d] = rest % L.shape[d];
      rest /= L.shape[d];
    }
  }
  NDGPU_HD char* at(int k, int type) const {
    if (L.ndim == 0) return L.ptr[k] + i * type_size(type);
    long long offset = 0;
    for (int d = 0; d < L.ndim; ++d) offset += index[d] * L.strides[k][d];
    return L.ptr[k] + offset;
  }
  NDGPU_HD void load(int k, int type, Reg& dst) {
    if (L.is_scalar[k]) {  // stored as its type, the other bytes zero
      dst.u64 = L.scalar[k];
      return;
    }
    LoadAt f{at(k, type), dst};
    with_type(type, f);
  }
  NDGPU_HD void store(int k, int type, const Reg& src) {
    StoreAt f{at(k, type), src};
    with_type(type, f);
  }
};

// Parameters of a reduction's programs: a value in a register, or memory where ptr[k] is set.
struct SlotIo {
  Reg* val;
  char* const* ptr;
  NDGPU_HD void load(int k, int type, Reg& dst) {
    if (!ptr[k]) {
      dst = val[k];
      return;
    }
    LoadAt f{ptr[k], dst};
    with_type(type, f);
  }
  NDGPU_HD void store(int k, int type, const Reg& src) {
    if (!ptr[k]) {
      val[k] = src;
      return;
    }
    StoreAt f{ptr[k], src};
    with_type(type, f);
  }
};

template <class To>
NDGPU_HD void convert(Reg& dst, const Reg& src, int from) {
  ReadAs<To> rd{src, To()};
  with_type(from, rd);
  Slot<To>::set(dst, rd.out);
}

struct Convert {
  Reg& dst;
  const Reg& src;
  int from;
  template <class To>
  NDGPU_HD void run() {
    convert<To>(dst, src, from);
  }
};

struct Dispatch {
  const Instr& in;
  Reg* r;
  template <class T>
  NDGPU_HD void run() {
    Exec<T> e{in, r};
    e.exec();
  }
};

// Never inlined: a reduction runs it five times per row, and each copy of this switch costs
// NVRTC seconds.
#if defined(NDGPU_DEVICE_CUDA)
#define NDGPU_INTERP_NOINLINE __host__ __device__ __noinline__
#else
#define NDGPU_INTERP_NOINLINE __attribute__((noinline))
#endif

// Runs `p` once; `io` reads and writes its parameters, `index` is `i`.
template <class Io>
NDGPU_INTERP_NOINLINE void run_program(const Program& p, Io& io, long long index) {
  Reg r[kMaxRegs];
  for (int k = 0; k < p.n_regs; ++k) r[k].u64 = p.init[k];
  for (int pc = 0; pc < p.n_instr; ++pc) {
    const Instr in = p.code[pc];
    switch (in.op) {
      case Load:
        io.load(in.a, p.param_type[in.a], r[in.dst]);
        break;
      case Store:
        io.store(in.a, p.param_type[in.a], r[in.b]);
        break;
      case Index:
        r[in.dst].i64 = index;
        break;
      case Select:
        r[in.dst] = r[in.a].b ? r[in.b] : r[in.c];
        break;
      case LogAnd:
        Slot<bool>::set(r[in.dst], r[in.a].b && r[in.b].b);
        break;
      case LogOr:
        Slot<bool>::set(r[in.dst], r[in.a].b || r[in.b].b);
        break;
      case LogNot:
        Slot<bool>::set(r[in.dst], !r[in.a].b);
        break;
      case Cvt: {
        Convert f{r[in.dst], r[in.a], in.b};
        with_type(in.type, f);
        break;
      }
      default: {
        Dispatch f{in, r};
        with_type(in.type, f);
      }
    }
  }
}

// Runs the elementwise program for element i.
NDGPU_HD void run_element(const Launch& L, long long i) {
  ArrayIo io(L, i);
  run_program(L.prog, io, i);
}

}  // namespace interp
}  // namespace ndgpu
