// The quick tier's front-end: programs run on the host interpreter must give the bits that
// the same body compiled as C++ gives (the expectations below are that C++).
#include "ndgpu/cpu_math.hpp"  // CUDA's min/max overloads on the host, before the interpreter
#include "ndgpu/interp.cuh"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "kernel/quick/compile.hpp"

// The ground truth must not fuse a*b+c, which the interpreter never does (and compiled
// quick-tier kernels are built with -fmad=false / -ffp-contract=off).
#pragma GCC optimize("fp-contract=off")
// The expectations spell C++'s corner cases on purpose (signed/unsigned compares, const casts).
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wignored-qualifiers"

using namespace ndgpu;
using namespace ndgpu::kernel;
using interp::Type;

namespace {

constexpr float kInfF = std::numeric_limits<float>::infinity();
constexpr float kNanF = std::numeric_limits<float>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// One byte per bool (std::vector<bool> packs bits).
struct BoolByte {
  bool b = false;
  BoolByte() = default;
  BoolByte(bool v) : b(v) {}
};
int operator+(BoolByte x) {
  return x.b;
}
template <class T>
using Storage = std::conditional_t<std::is_same_v<T, bool>, BoolByte, T>;

template <class T>
constexpr Type type_of() {
  if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, BoolByte>)
    return interp::Bool;
  else if constexpr (std::is_same_v<T, int8_t>)
    return interp::I8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return interp::U8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return interp::I16;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return interp::U16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return interp::I32;
  else if constexpr (std::is_same_v<T, uint32_t>)
    return interp::U32;
  else if constexpr (std::is_same_v<T, long long>)
    return interp::I64;
  else if constexpr (std::is_same_v<T, unsigned long long>)
    return interp::U64;
  else if constexpr (std::is_same_v<T, float>)
    return interp::F32;
  else
    return interp::F64;
}

// The kernel's parameters with host arrays behind them.
class Kernel {
 public:
  template <class T>
  Kernel& in(const std::string& name, const std::vector<T>& v) {
    return add(name, v, false);
  }
  template <class T>
  Kernel& out(const std::string& name, const std::vector<T>& v) {
    return add(name, v, true);
  }
  Kernel& type_name(const std::string& name, Type t) {
    names_.emplace_back(name, t);
    return *this;
  }

  QuickProgram compile(std::string_view body) const {
    std::vector<QuickParam> params;
    for (const Buffer& b : bufs_) params.push_back({b.name, b.type, b.output});
    return compile_quick(body, params, names_);
  }

  // Compiles `body` (which must be accepted) and runs it over every element.
  void run(std::string_view body) {
    QuickProgram q = compile(body);
    ASSERT_TRUE(q.program.has_value()) << body << ": " << q.why_not;
    interp::Launch L{};
    for (size_t k = 0; k < bufs_.size(); ++k)
      L.ptr[k] = reinterpret_cast<char*>(bufs_[k].bytes.data());
    L.n = n_;
    L.prog = *q.program;
    for (long long i = 0; i < n_; ++i) interp::run_element(L, i);
  }

  template <class T>
  std::vector<T> get(const std::string& name) const {
    for (const Buffer& b : bufs_)
      if (b.name == name) {
        std::vector<T> v(b.bytes.size() / sizeof(T));
        std::memcpy(v.data(), b.bytes.data(), b.bytes.size());
        return v;
      }
    ADD_FAILURE() << "no parameter " << name;
    return {};
  }

 private:
  struct Buffer {
    std::string name;
    Type type;
    bool output;
    std::vector<unsigned char> bytes;
  };
  template <class T>
  Kernel& add(const std::string& name, const std::vector<T>& v, bool output) {
    Buffer b{name, type_of<T>(), output, std::vector<unsigned char>(v.size() * sizeof(T))};
    if (!v.empty()) std::memcpy(b.bytes.data(), v.data(), b.bytes.size());
    bufs_.push_back(std::move(b));
    n_ = static_cast<long long>(v.size());
    return *this;
  }
  std::vector<Buffer> bufs_;
  std::vector<std::pair<std::string, Type>> names_;
  long long n_ = 0;
};

// Bit-exact, except that any NaN equals any NaN.
template <class T>
void expect_same(const std::vector<T>& got, const std::vector<T>& want, std::string_view body) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(got[k]) && std::isnan(want[k])) continue;
    }
    EXPECT_EQ(std::memcmp(&got[k], &want[k], sizeof(T)), 0)
        << body << " at " << k << ": got " << +got[k] << ", want " << +want[k];
  }
}

// Runs `body` with inputs x (and y) and output z; `truth(x[, y][, i])` is the same C++.
template <class Z, class X, class F>
void check1(std::string_view body, const std::vector<X>& xs, F truth) {
  using S = Storage<Z>;
  Kernel k;
  k.in("x", xs).out("z", std::vector<S>(xs.size(), S(Z(0))));
  k.run(body);
  std::vector<S> want;
  for (size_t i = 0; i < xs.size(); ++i) {
    if constexpr (std::is_invocable_v<F, X, ptrdiff_t>)
      want.push_back(S(Z(truth(xs[i], ptrdiff_t(i)))));
    else
      want.push_back(S(Z(truth(xs[i]))));
  }
  expect_same(k.get<S>("z"), want, body);
}

template <class Z, class X, class Y, class F>
void check2(std::string_view body, const std::vector<X>& xs, const std::vector<Y>& ys, F truth) {
  ASSERT_EQ(xs.size(), ys.size());
  using S = Storage<Z>;
  Kernel k;
  k.in("x", xs).in("y", ys).out("z", std::vector<S>(xs.size(), S(Z(0))));
  k.run(body);
  std::vector<S> want;
  for (size_t i = 0; i < xs.size(); ++i) want.push_back(S(Z(truth(xs[i], ys[i]))));
  expect_same(k.get<S>("z"), want, body);
}

std::string why_not(std::string_view body, std::vector<QuickParam> params = {}) {
  if (params.empty())
    params = {{"x", interp::F32, false},
              {"y", interp::F32, false},
              {"n", interp::I32, false},
              {"z", interp::F32, true}};
  QuickProgram q = compile_quick(body, params);
  return q.program ? std::string() : q.why_not;
}

const std::vector<float> kFloats = {0.f,     -0.f,   1.f,   -1.5f, 2.5f,   0.1f, 1e-40f,
                                    3.4e38f, -7.25f, 100.f, kInfF, -kInfF, kNanF};
const std::vector<float> kFloats2 = {3.f, 0.f,    -2.f,  0.75f, -0.f,  7.f, 1e-40f,
                                     2.f, -7.25f, 1e-3f, 1.f,   kInfF, 2.f};
const std::vector<double> kDoubles = {0.,      -0.,   1.,   -1.5, 2.5,   0.1, 1e-310,
                                      1.7e308, -7.25, 100., kInf, -kInf, kNan};
const std::vector<int> kInts = {0, 1, -1, 7, -7, 100, -100, 123456, -98765, 2147483647};
const std::vector<int> kInts2 = {3, -2, 5, -3, 2, 7, -9, 1000, 13, 1};

}  // namespace

TEST(QuickCompile, SeedExample) {
  check2<float>("z = (x - y) * (x - y)", kFloats, kFloats2,
                [](float x, float y) { return (x - y) * (x - y); });
  check2<float>("z = (x - y) * (x - y) + 0.25f;", kFloats, kFloats2,
                [](float x, float y) { return (x - y) * (x - y) + 0.25f; });
}

TEST(QuickCompile, MixedPromotions) {
  std::vector<float> f = {1.5f, -2.25f, 0.1f, 1e30f, -0.f, 3.f, 7.f, 1e-40f, 2.f, kNanF};
  check2<double>("z = x + y", kInts, f, [](int x, float y) { return double(x + y); });
  check2<double>("z = x * 2.5 + y", kInts, f, [](int x, float y) { return x * 2.5 + y; });
  check2<float>("z = x / 3 + y / 3", kInts, f, [](int x, float y) { return float(x / 3 + y / 3); });
  check2<double>("z = y * 0.1 + x", kInts, f, [](int x, float y) { return y * 0.1 + x; });
  check2<float>("z = y * 0.1f + x", kInts, f, [](int x, float y) { return y * 0.1f + x; });
  std::vector<int16_t> s = {1, -2, 300, -32768, 32767, 0, 5, -5, 77, 9};
  std::vector<uint8_t> u = {255, 0, 1, 200, 255, 3, 128, 127, 9, 10};
  check2<int>("z = x + y", s, u, [](int16_t x, uint8_t y) { return x + y; });
  check2<int>("z = x * y - 1", s, u, [](int16_t x, uint8_t y) { return x * y - 1; });
  check2<double>("z = x / 7.0", s, u, [](int16_t x, uint8_t) { return x / 7.0; });
}

TEST(QuickCompile, UnsignedAndWideIntegers) {
  std::vector<uint32_t> u = {0u, 1u, 5u, 4000000000u, 7u, 2u, 100u, 1u, 3u, 0xffffffffu};
  check2<uint32_t>("z = x - y", u, kInts, [](uint32_t x, int y) { return x - y; });
  check2<uint32_t>("z = -x + 1u", u, kInts, [](uint32_t x, int) { return -x + 1u; });
  check2<uint32_t>("z = x * 3u", u, kInts, [](uint32_t x, int) { return x * 3u; });
  check2<bool>("z = y < x", u, kInts, [](uint32_t x, int y) { return y < x; });  // unsigned compare
  std::vector<long long> l = {-1, 5, 1LL << 40, -(1LL << 40), 3, 0, 7, -9, 1, 2};
  check2<long long>("z = x + y", l, u, [](long long x, uint32_t y) { return x + y; });
  check2<long long>("z = x * y", l, kInts, [](long long x, int y) { return x * y; });
  std::vector<unsigned long long> ul = {0, 1, 1ULL << 63, 5, 9, 2, 3, 4, 5, 6};
  check2<unsigned long long>("z = x + y", l, ul,
                             [](long long x, unsigned long long y) { return x + y; });
  check2<bool>("z = x < y", l, ul, [](long long x, unsigned long long y) { return x < y; });
  check2<unsigned long long>("z = x - y", u, ul,
                             [](uint32_t x, unsigned long long y) { return x - y; });
}

TEST(QuickCompile, IntegerDivisionAndModulo) {
  std::vector<int> x = {7, -7, 7, -7, 0, 100, -101, 2147483647, -2147483647, 9};
  std::vector<int> y = {2, 2, -2, -2, 3, 7, 10, 2, 3, -4};
  check2<int>("z = x / y", x, y, [](int x, int y) { return x / y; });
  check2<int>("z = x % y", x, y, [](int x, int y) { return x % y; });
  check2<int>("z = x / 4 % 3", x, y, [](int x, int) { return x / 4 % 3; });
  std::vector<uint32_t> u = {7, 4000000000u, 9, 10, 11, 12, 13, 14, 15, 16};
  check2<uint32_t>("z = x / y", u, y, [](uint32_t x, int y) { return x / y; });
  check2<uint32_t>("z = x % y", u, y, [](uint32_t x, int y) { return x % y; });
  // A division in a ?: arm is evaluated eagerly; the interpreter must not trap on it.
  std::vector<int> y0 = {2, 0, -2, 0, 3, 7, 0, 2, 3, -4};
  check2<int>("z = y != 0 ? x / y : -1", x, y0, [](int x, int y) { return y != 0 ? x / y : -1; });
  check2<bool>("z = y != 0 && x % y == 1", x, y0,
               [](int x, int y) { return y != 0 && x % y == 1; });
}

TEST(QuickCompile, Shifts) {
  std::vector<int> x = {1, -8, 255, -1, 12345, 0, 3, -100, 77, 1 << 20};
  std::vector<int> s = {0, 1, 3, 4, 7, 31, 2, 5, 9, 10};
  check2<int>("z = x << 3", x, s, [](int x, int) { return x << 3; });
  check2<int>("z = x >> y", x, s, [](int x, int y) { return x >> y; });
  check2<uint32_t>("z = (unsigned)x >> y", x, s, [](int x, int y) { return (unsigned)x >> y; });
  check2<long long>("z = 1ll << (y + 32)", x, s, [](int, int y) { return 1ll << (y + 32); });
  check2<unsigned long long>("z = 1ull << y", x, s, [](int, int y) { return 1ull << y; });
  check2<int>("z = x << 2u", x, s, [](int x, int) { return x << 2u; });
  std::vector<long long> big = {3, 5, -7, 1, 2, 9, 8, 7, 6, 5};
  check2<long long>("z = x << y", big, s, [](long long x, int y) { return x << y; });
  std::vector<uint8_t> b = {1, 2, 128, 255, 3, 4, 5, 6, 7, 8};
  check2<int>("z = x << 20", b, s, [](uint8_t x, int) { return x << 20; });  // promoted first
  check2<int>("z = ~x", b, s, [](uint8_t x, int) { return ~x; });
}

TEST(QuickCompile, ComparisonsAndConditional) {
  check2<float>("z = x < y ? x : y", kFloats, kFloats2,
                [](float x, float y) { return x < y ? x : y; });
  check2<bool>("z = x == y", kFloats, kFloats2, [](float x, float y) { return x == y; });
  check2<bool>("z = x != y", kFloats, kFloats2, [](float x, float y) { return x != y; });
  check2<double>("z = x > 0 ? 1 : 2.5", kFloats, kFloats2,
                 [](float x, float) { return x > 0 ? 1 : 2.5; });
  check2<int>("z = x >= y ? 7 : -1", kFloats, kFloats2,
              [](float x, float y) { return x >= y ? 7 : -1; });
  check2<uint32_t>("z = x <= y ? 1 : -1u", kFloats, kFloats2,
                   [](float x, float y) { return x <= y ? 1 : -1u; });
  std::vector<int16_t> s = {1, -2, 3, -4, 5, 6, 7, 8, 9, 10};
  check2<int>("z = x > 2 ? x : y", kInts, s, [](int x, int16_t y) { return x > 2 ? x : y; });
  check2<int>("z = x < y < 1", kInts, kInts2, [](int x, int y) { return (x < y) < 1; });
  check2<bool>("z = x > y == y > x", kInts, kInts2,
               [](int x, int y) { return (x > y) == (y > x); });
}

TEST(QuickCompile, LogicalOperators) {
  check2<bool>("z = x > 0 && y < 0 || !(x == y)", kFloats, kFloats2,
               [](float x, float y) { return (x > 0 && y < 0) || !(x == y); });
  check2<bool>("z = x && y", kFloats, kFloats2, [](float x, float y) { return x && y; });
  check2<bool>("z = !x || y", kFloats, kFloats2, [](float x, float y) { return !x || y; });
  check2<int>("z = (x || y) + (x && y)", kInts, kInts2,
              [](int x, int y) { return (x || y) + (x && y); });
}

TEST(QuickCompile, Casts) {
  std::vector<float> f = {1.9f, -1.9f, 0.f, 255.f, 300.5f, -0.5f, 65535.f, 100.25f, 7.f, 1e9f};
  check1<int>("z = (int)x", f, [](float x) { return (int)x; });
  check1<int>("z = int(x) + static_cast<int>(x * 2)", f,
              [](float x) {  // wrapping, as the interpreter's add (1e9 + 2e9 overflows int)
                return int(unsigned(int(x)) + unsigned(static_cast<int>(x * 2)));
              });
  check1<int>("z = (unsigned char)(int)x", f, [](float x) { return (unsigned char)(int)x; });
  check1<int>("z = (signed char)(int)x", f, [](float x) { return (signed char)(int)x; });
  check1<int>("z = (short)(long long)x", f, [](float x) { return (short)(long long)x; });
  check1<bool>("z = (bool)x", f, [](float x) { return (bool)x; });
  check1<double>("z = (const double)x / 3", f, [](float x) { return (const double)x / 3; });
  check1<long long>("z = (long long)x * 1000000", f,
                    [](float x) { return (long long)x * 1000000; });
  check1<unsigned long long>("z = (unsigned long)(long)x", f,
                             [](float x) { return (unsigned long)(long)x; });
  check1<unsigned long long>("z = size_t(x > 0 ? x : 0) + (uint64_t)3", f,
                             [](float x) { return size_t(x > 0 ? x : 0) + (uint64_t)3; });
  check1<int>("z = (int8_t)(int)x + (uint16_t)(int)x + int32_t(x)", f,
              [](float x) { return (int8_t)(int)x + (uint16_t)(int)x + int32_t(x); });
  check1<int>("z = (int)(unsigned short)(int)x", f,
              [](float x) { return (int)(unsigned short)(int)x; });
  check1<float>("z = static_cast<float>(static_cast<double>(x) / 3.0)", f,
                [](float x) { return static_cast<float>(static_cast<double>(x) / 3.0); });
  check1<float>("z = (float)-(int)x", f, [](float x) { return (float)-(int)x; });
  check1<int>("z = (int)(x) * 2", f, [](float x) { return (int)(x)*2; });
  check1<float>("z = (float)(int16_t(x)) + (int(x))", f,
                [](float x) { return (float)(int16_t(x)) + (int(x)); });
  check1<int>("z = (long unsigned int)x", f, [](float x) { return (int)(long unsigned int)x; });
}

TEST(QuickCompile, TypeNames) {
  std::vector<double> x = {1.5, -2.5, 0.1, 7., 1e300, -0., 3., 4., 5., 6.};
  Kernel k;
  k.in("x", x)
      .out("z", std::vector<double>(x.size()))
      .type_name("T", interp::F64)
      .type_name("U", interp::I16);
  k.run("T t = x / 3; U u = (U)(int)x; z = t + T(u) + (T)1 / static_cast<T>(3)");
  std::vector<double> want;
  for (double v : x) want.push_back(v / 3 + double((short)(int)v) + 1.0 / 3.0);
  expect_same(k.get<double>("z"), want, "type names");
}

TEST(QuickCompile, LoopIndex) {
  std::vector<float> f(10, 0.5f);
  check1<float>("z = x + i", f, [](float x, ptrdiff_t i) { return x + i; });
  check1<long long>("z = i * 2 % 3 - i", f, [](float, ptrdiff_t i) { return i * 2 % 3 - i; });
  check1<int>("z = (int)i << 1", f, [](float, ptrdiff_t i) { return (int)i << 1; });
  check1<unsigned long long>("z = i - 5u", f, [](float, ptrdiff_t i) { return i - 5u; });
  check1<bool>("z = i < 3 || i > 7", f, [](float, ptrdiff_t i) { return i < 3 || i > 7; });
}

TEST(QuickCompile, LocalsAndCompoundAssignment) {
  check2<float>("float t = x * 2; t += y; t *= t; z = t - 1;", kFloats, kFloats2,
                [](float x, float y) {
                  float t = x * 2;
                  t += y;
                  t *= t;
                  return t - 1;
                });
  check2<int>(
      "int k = 3, m = k * x; m -= y; m /= 2; m %= 7; m <<= 2; m >>= 1; m |= 1; m &= ~2; m ^= 12; z "
      "= m",
      kInts2, kInts, [](int x, int y) {
        int k = 3, m = k * x;
        m -= y;
        m /= 2;
        m %= 7;
        m <<= 2;
        m >>= 1;
        m |= 1;
        m &= ~2;
        m ^= 12;
        return m;
      });
  check2<double>("auto a = x; a /= 2; const auto b = a * y; z = b;", kFloats, kFloats2,
                 [](float x, float y) {
                   auto a = x;
                   a /= 2;
                   const auto b = a * y;
                   return double(b);
                 });
  check2<int>("int c = x; c++; ++c; c--; --c; --c; z = c", kInts, kInts2, [](int x, int) {
    int c = x;
    c++;
    ++c;
    c--;
    --c;
    --c;
    return c;
  });
  check2<int>("unsigned char u = x; u += 300; short s = y; s *= 1000; z = u + s", kInts, kInts2,
              [](int x, int y) {
                unsigned char u = x;
                u += 300;
                short s = y;
                s *= 1000;
                return u + s;
              });
  check2<int>("bool b = x; b += 1; b -= y; z = b", kInts, kInts2, [](int x, int y) {
    bool b = x;
    b += 1;
    b -= y;
    return int(b);
  });
  check2<float>("float t = x; t += 0.1; t++; z = t", kFloats, kFloats2, [](float x, float) {
    float t = x;
    t += 0.1;
    t++;
    return t;
  });
  // An input is a local copy: assigning it changes only the body's view.
  check2<float>("x = x * 2; x += y; z = x", kFloats, kFloats2, [](float x, float y) {
    x = x * 2;
    x += y;
    return x;
  });
  check2<int>("{ int a = x; { int b = a + 1; z = b; } } z += y;", kInts, kInts2,
              [](int x, int y) { return x + 1 + y; });
}

TEST(QuickCompile, OutputsAreReferences) {
  std::vector<float> x = {1.f, 2.f, -3.f, 0.5f};
  std::vector<float> z0 = {10.f, 20.f, 30.f, 40.f};
  std::vector<float> w0 = {-1.f, -2.f, -3.f, -4.f};
  Kernel k;
  k.in("x", x).out("z", z0).out("w", w0);
  k.run("z += x; z = z * 2 + x; w = w");  // w assigned its own value: stored unchanged
  std::vector<float> z, w;
  for (size_t i = 0; i < x.size(); ++i) {
    float v = z0[i];
    v += x[i];
    v = v * 2 + x[i];
    z.push_back(v);
    w.push_back(w0[i]);
  }
  expect_same(k.get<float>("z"), z, "z");
  expect_same(k.get<float>("w"), w, "w");

  // Read but never assigned: not stored; never mentioned: not loaded either.
  Kernel k2;
  k2.in("x", x).out("z", z0).out("w", w0);
  k2.run("w = z + x");
  expect_same(k2.get<float>("z"), z0, "z untouched");
  std::vector<float> want;
  for (size_t i = 0; i < x.size(); ++i) want.push_back(z0[i] + x[i]);
  expect_same(k2.get<float>("w"), want, "w = z + x");
  auto q = k2.compile("w = z + x");
  ASSERT_TRUE(q.program);
  int loads = 0, stores = 0;
  for (int pc = 0; pc < q.program->n_instr; ++pc) {
    loads += q.program->code[pc].op == interp::Load;
    stores += q.program->code[pc].op == interp::Store;
  }
  EXPECT_EQ(loads, 2);
  EXPECT_EQ(stores, 1);
  EXPECT_EQ(q.program->n_params, 3);
  EXPECT_EQ(q.program->param_type[2], interp::F32);

  Kernel k3;
  k3.in("x", x).out("z", z0).out("w", w0);
  k3.run("z = x");
  expect_same(k3.get<float>("w"), w0, "w never assigned");
  expect_same(k3.get<float>("z"), x, "z = x");
}

namespace {

struct Unary {
  const char* name;
  float (*f32)(float);
  double (*f64)(double);
  float (*ff)(float);
};

// clang-format would start a line with #fn, which reads like a directive.
// clang-format off
#define NDGPU_UNARY(fn) {#fn, [](float v) { return ::fn(v); }, [](double v) { return ::fn(v); }, \
                         [](float v) { return ::fn##f(v); }}
// clang-format on
const Unary kUnary[] = {
    NDGPU_UNARY(sqrt),  NDGPU_UNARY(cbrt),  NDGPU_UNARY(exp),   NDGPU_UNARY(exp2),
    NDGPU_UNARY(expm1), NDGPU_UNARY(log),   NDGPU_UNARY(log2),  NDGPU_UNARY(log10),
    NDGPU_UNARY(log1p), NDGPU_UNARY(sin),   NDGPU_UNARY(cos),   NDGPU_UNARY(tan),
    NDGPU_UNARY(asin),  NDGPU_UNARY(acos),  NDGPU_UNARY(atan),  NDGPU_UNARY(sinh),
    NDGPU_UNARY(cosh),  NDGPU_UNARY(tanh),  NDGPU_UNARY(asinh), NDGPU_UNARY(acosh),
    NDGPU_UNARY(atanh), NDGPU_UNARY(floor), NDGPU_UNARY(ceil),  NDGPU_UNARY(trunc),
    NDGPU_UNARY(round), NDGPU_UNARY(rint),  NDGPU_UNARY(erf),   NDGPU_UNARY(erfc),
    NDGPU_UNARY(fabs),
};
#undef NDGPU_UNARY

struct Binary {
  const char* name;
  float (*f32)(float, float);
  double (*f64)(double, double);
  float (*ff)(float, float);
};

// clang-format would start a line with #fn, which reads like a directive.
// clang-format off
#define NDGPU_BINARY(fn)                                                                   \
  {#fn, [](float a, float b) { return ::fn(a, b); }, [](double a, double b) { return ::fn(a, b); }, \
   [](float a, float b) { return ::fn##f(a, b); }}
// clang-format on
const Binary kBinary[] = {NDGPU_BINARY(pow),   NDGPU_BINARY(atan2),    NDGPU_BINARY(fmod),
                          NDGPU_BINARY(hypot), NDGPU_BINARY(copysign), NDGPU_BINARY(fmin),
                          NDGPU_BINARY(fmax)};
#undef NDGPU_BINARY

const std::vector<float> kMathF = {0.f,  -0.f,  0.5f,   -0.5f, 1.f,    2.5f, -3.5f,
                                   10.f, 100.f, 1e-30f, kInfF, -kInfF, kNanF};
const std::vector<float> kMathF2 = {2.f,   3.f,   -0.f,  0.5f, -1.f, 2.f, 2.f,
                                    -3.5f, 0.25f, kNanF, 1.f,  2.f,  0.f};

std::vector<double> widen(const std::vector<float>& v) {
  return std::vector<double>(v.begin(), v.end());
}

}  // namespace

TEST(QuickCompile, MathFunctions) {
  std::vector<double> d = widen(kMathF);
  d[1] = 0.1;  // one value that is not a float
  std::vector<int> ints = {0, 1, -1, 2, 3, 16, -5, 100, 7, 9, 1000, -1000, 42};
  for (const Unary& u : kUnary) {
    std::string n = u.name;
    check1<float>("z = " + n + "(x)", kMathF, u.f32);
    check1<double>("z = " + n + "(x)", d, u.f64);
    check1<float>("z = " + n + "f(x)", kMathF, u.ff);
    check1<float>("z = " + n + "f(x)", ints, [&](int x) { return u.ff(x); });  // int -> float
  }
  std::vector<double> d2 = widen(kMathF2);
  for (const Binary& b : kBinary) {
    std::string n = b.name;
    check2<float>("z = " + n + "(x, y)", kMathF, kMathF2, b.f32);
    check2<double>("z = " + n + "(x, y)", d, d2, b.f64);
    check2<float>("z = " + n + "f(x, y)", kMathF, kMathF2, b.ff);
    check2<float>("z = " + n + "f(x, y)", d, ints, [&](double x, int y) { return b.ff(x, y); });
  }
  check1<bool>("z = isnan(x)", kMathF, [](float x) { return (bool)::isnan(x); });
  check1<bool>("z = isinf(x)", d, [](double x) { return (bool)::isinf(x); });
  check1<bool>("z = isfinite(x) && !signbit(x)", kMathF,
               [](float x) { return ::isfinite(x) && !::signbit(x); });
  check1<bool>("z = signbit(x)", d, [](double x) { return (bool)::signbit(x); });
  check1<float>("z = sqrt(2.0f) * x", kMathF, [](float x) { return ::sqrt(2.0f) * x; });
  check1<float>("z = floor(-2.5) + x", kMathF, [](float x) { return float(::floor(-2.5) + x); });
  check1<float>("z = pow(2.0f, x)", kMathF, [](float x) { return ::pow(2.0f, x); });
}

TEST(QuickCompile, MinMaxAbs) {
  check2<float>("z = min(x, y) + max(x, y)", kMathF, kMathF2,
                [](float x, float y) { return min(x, y) + max(x, y); });
  check2<double>("z = min((double)x, (double)y)", kMathF, kMathF2,
                 [](float x, float y) { return min((double)x, (double)y); });
  check2<int>("z = min(x, y) * max(x, 3)", kInts, kInts2,
              [](int x, int y) { return min(x, y) * max(x, 3); });
  check2<uint32_t>("z = max((unsigned)x, (unsigned)y)", kInts, kInts2,
                   [](int x, int y) { return max((unsigned)x, (unsigned)y); });
  check2<long long>("z = min((long long)x * 100000, (long long)y)", kInts, kInts2,
                    [](int x, int y) { return min((long long)x * 100000, (long long)y); });
  check2<unsigned long long>("z = max((unsigned long long)x, 5ull)", kInts, kInts2,
                             [](int x, int) { return max((unsigned long long)x, 5ull); });
  std::vector<int16_t> s = {1, -2, 3, -4, 5, 6, 7, 8, 9, 10};
  check2<int>("z = min(y, (short)3)", kInts, s, [](int, int16_t y) { return min(y, (short)3); });
  check2<int>("z = abs(x) - abs(y)", kInts, kInts2, [](int x, int y) { return abs(x) - abs(y); });
  check2<long long>("z = abs((long long)x * -3)", kInts, kInts2,
                    [](int x, int) { return llabs((long long)x * -3); });
  check2<float>("z = abs(x)", kMathF, kMathF2, [](float x, float) { return ::fabs(x); });
  check2<double>("z = abs((double)x)", kMathF, kMathF2,
                 [](float x, float) { return ::fabs((double)x); });
}

TEST(QuickCompile, Literals) {
  std::vector<int> x = {0, 1, -1, 5};
  check1<long long>("z = 0xff + 017 + 0b101 + 10u + 5ul + 7LL + 3llu + 0x10ULL", x, [](int) {
    return (long long)(0xff + 017 + 0b101 + 10u + 5ul + 7LL + 3llu + 0x10ULL);
  });
  check1<long long>("z = 2147483648 + x", x, [](int x) { return 2147483648 + x; });  // long
  check1<long long>("z = 0x80000000 + x", x,
                    [](int x) { return (long long)(0x80000000 + x); });  // unsigned
  check1<long long>("z = 0xffffffff * x", x, [](int x) { return (long long)(0xffffffff * x); });
  check1<long long>("z = -2147483648 - x", x, [](int x) { return -2147483648 - x; });
  check1<unsigned long long>("z = 0xffffffffffffffff + x", x,
                             [](int x) { return 0xffffffffffffffff + x; });
  check1<long long>("z = 9223372036854775807 - x", x,
                    [](int x) { return 9223372036854775807 - x; });
  check1<long long>("z = 3000000000 * x", x, [](int x) { return 3000000000 * x; });
  check1<long long>("z = 1L << 40", x, [](int) { return 1L << 40; });
  check1<float>("z = 1e-45f * x", x, [](int x) { return 1e-45f * x; });
  check1<double>("z = 0.1f + x", x, [](int x) { return double(0.1f + x); });
  check1<double>("z = 0.1 + x", x, [](int x) { return 0.1 + x; });
  check1<double>("z = 1. + .5 + 1e3 + 2.5e-3 + 1E+2 + 0.3333333333333333333333 + x", x, [](int x) {
    return 1. + .5 + 1e3 + 2.5e-3 + 1E+2 + 0.3333333333333333333333 + x;
  });
  check1<float>("z = 3.4028235e38f + 16777217.0f + 1.17549435e-38F + x", x,
                [](int x) { return 3.4028235e38f + 16777217.0f + 1.17549435e-38F + x; });
  // Just above the halfway point between two floats, by less than half a double's ulp: parsing
  // via double would round twice and give 1.0f.
  check1<float>("z = 1.0000000596046447753906250001f", x,
                [](int) { return 1.0000000596046447753906250001f; });
  check1<float>("z = 1.0000000596046447753906250001f - 1", x,
                [](int) { return 1.0000000596046447753906250001f - 1; });
  check1<int>("z = true + false * 2 + (x == 1)", x,
              [](int x) { return true + false * 2 + (x == 1); });
  check1<bool>("z = true && x", x, [](int x) { return true && x; });
}

TEST(QuickCompile, SmallTypes) {
  std::vector<uint8_t> a = {0, 1, 200, 255, 128, 7};
  std::vector<uint8_t> b = {0, 255, 100, 1, 128, 9};
  check2<uint8_t>("z = x + y", a, b, [](uint8_t x, uint8_t y) { return uint8_t(x + y); });
  check2<int>("z = x - y", a, b, [](uint8_t x, uint8_t y) { return x - y; });
  check2<uint8_t>("z = -x", a, b, [](uint8_t x, uint8_t) { return uint8_t(-x); });
  check2<bool>("z = x > y", a, b, [](uint8_t x, uint8_t y) { return x > y; });
  std::vector<int16_t> s = {0, -1, 300, -32768, 32767, 12};
  check2<int16_t>("z = x * y", s, s, [](int16_t x, int16_t y) { return int16_t(x * y); });
  check2<int8_t>("z = x", s, s, [](int16_t x, int16_t) { return int8_t(x); });
  check2<uint16_t>("z = x / 3", s, s, [](int16_t x, int16_t) { return uint16_t(x / 3); });
  std::vector<bool> bits = {false, true, true, false, true, false};
  std::vector<bool> bits2 = {false, false, true, true, true, false};
  auto as_bytes = [](const std::vector<bool>& v) {
    std::vector<uint8_t> r;
    for (bool x : v) r.push_back(x);
    return r;
  };
  std::vector<uint8_t> xb = as_bytes(bits), yb = as_bytes(bits2);
  std::vector<int> z0(bits.size(), 0);
  // std::vector<bool> is packed: pass bools through byte arrays of 0/1.
  {
    interp::Launch L{};
    QuickParam params[] = {{"x", interp::Bool, false},
                           {"y", interp::Bool, false},
                           {"z", interp::I32, true},
                           {"w", interp::Bool, true}};
    QuickProgram q = compile_quick("z = x + y * 2 - !x; w = x != y", params);
    ASSERT_TRUE(q.program) << q.why_not;
    std::vector<uint8_t> w(bits.size(), 7);
    L.ptr[0] = reinterpret_cast<char*>(xb.data());
    L.ptr[1] = reinterpret_cast<char*>(yb.data());
    L.ptr[2] = reinterpret_cast<char*>(z0.data());
    L.ptr[3] = reinterpret_cast<char*>(w.data());
    L.n = static_cast<long long>(bits.size());
    L.prog = *q.program;
    for (long long i = 0; i < L.n; ++i) interp::run_element(L, i);
    for (size_t i = 0; i < bits.size(); ++i) {
      bool x = bits[i], y = bits2[i];
      EXPECT_EQ(z0[i], x + y * 2 - !x);
      EXPECT_EQ(w[i], uint8_t(x != y));
    }
  }
  std::vector<float> f = {0.f, -0.f, 0.5f, kNanF, -kInfF, 1e-40f};
  std::vector<uint8_t> out(f.size(), 9);
  QuickParam fp[] = {{"x", interp::F32, false}, {"z", interp::Bool, true}};
  QuickProgram q = compile_quick("z = x", fp);
  ASSERT_TRUE(q.program) << q.why_not;
  interp::Launch L{};
  L.ptr[0] = reinterpret_cast<char*>(f.data());
  L.ptr[1] = reinterpret_cast<char*>(out.data());
  L.n = static_cast<long long>(f.size());
  L.prog = *q.program;
  for (long long i = 0; i < L.n; ++i) interp::run_element(L, i);
  for (size_t i = 0; i < f.size(); ++i) EXPECT_EQ(out[i], uint8_t(bool(f[i]))) << i;
}

TEST(QuickCompile, CommentsAndTerminators) {
  check2<float>("// leading\n z = x /* mid */ - y; // trailing", kFloats, kFloats2,
                [](float x, float y) { return x - y; });
  check2<float>("z = x;;; z = y", kFloats, kFloats2, [](float, float y) { return y; });
  check2<float>("/* a */ { z = x; } ; { }", kFloats, kFloats2, [](float x, float) { return x; });
  check2<float>("z = x; // a final comment", kFloats, kFloats2, [](float x, float) { return x; });
  check2<float>("z = x // a comment\n", kFloats, kFloats2, [](float x, float) { return x; });
  check2<float>("z = y /* // */", kFloats, kFloats2, [](float, float y) { return y; });
  check2<float>("", kFloats, kFloats2, [](float, float) { return 0.f; });  // z untouched (0)
}

TEST(QuickCompile, Rejections) {
  const char* bodies[] = {
      "z = foo(x)",         // unknown function
      "z = x[0]",           // subscript
      "if (x > 0) z = x;",  // control flow
      "for (;;) {}",
      "while (x) z = 1;",
      "return;",
      "z = pow(x, (double)y)",  // mixed pow
      "z = pow(x, 2.0f)",       // constant exponent
      "z = min(n, x)",          // min(int, float)
      "z = min(n, 2u)",         // min(int, unsigned)
      "z = min((long)n, 2ll)",  // long vs long long: ambiguous under CUDA
      "z = sqrt(n)",            // integer argument to a plain math function
      "z = sin(1.0) * x",       // a constant the compiler may fold differently
      "z = isnan(n)",
      "z = abs(2u)",
      "z = abs((short)n)",
      "z = \"a\"",
      "z = 'a'",
      "z = _ind.size()",
      "z = _i",
      "#define A 1\nz = x",
      "z = x.y",
      "z = *x",
      "z = &x",
      "z = sizeof(x)",
      "z = (x, y)",
      "z = x = y",
      "z = (y = 1)",
      "z += x++",
      "z = ++x",
      "z = x % y",  // floats
      "z = x << 1",
      "z = ~x",
      "z = (char)n",  // signedness varies
      "z = (long double)x",
      "z = 1.5L",
      "z = 1.0e",
      "z = 0x1p3",                 // hex float
      "z = 1e39f",                 // out of float's range
      "z = 18446744073709551616",  // too large
      "z = 99999999999999999999u",
      "z = 10lL",
      "z = 1uu",
      "z = 1z",
      "z = 089",
      "float t; z = t",             // uninitialised
      "float t = 1, t = 2; z = t",  // redeclared
      "float x = 1; z = x",         // shadows a parameter
      "float i = 1; z = i",
      "int sqrt = 1; z = sqrt",
      "{ float t = x; } z = t",  // out of scope
      "const float c = x; c = 2; z = c",
      "auto a = 1, b = 2.0; z = a",
      "i = 2; z = x",
      "float t = t + 1; z = t",
      "z = unknown",
      "x + y",  // not an assignment
      "z = x }",
      "{ z = x",
      "z = x } { z = y",
      "z = x\n;z =",
      "z = std::sqrt(x)",
      "z = static_cast<float*>(x)",
      "z = reinterpret_cast<float>(x)",
      "z = float{x}",
      "z = int()",
      "z = unsigned int(x)",
      "z = max<float>(x, y)",
      "z = x <: 0 :>",
      "z = x ? y : z = 1",
      "volatile float t = x; z = t",
      "z = fabs(1)",
      "z = x /* unterminated",
      "z = nullptr",
      "z = M_PI",
      "z = x; \\\n z = y",
      "z = x @ y",
      "z = x // the generated code's ';' lands in this comment",
      "z = x; // a spliced comment \\\n z = y",
      "z = abs((long)n)",  // abs(long): long long only
      "z = abs(i)",
  };
  for (const char* b : bodies) EXPECT_NE(why_not(b), "") << "accepted: " << b;
}

TEST(QuickCompile, Limits) {
  // 33 distinct constants need more registers than kMaxRegs.
  std::string body = "z = x";
  for (int k = 1; k <= 33; ++k) body.append(" + ").append(std::to_string(k)).append(".5f");
  EXPECT_NE(why_not(body), "");
  // More than kMaxInstr instructions.
  std::string many = "float t = x;";
  for (int k = 0; k < 100; ++k) many += " t = t * y;";
  many += " z = t";
  EXPECT_NE(why_not(many), "");
  // Deep nesting fails cleanly.
  std::string parens = "z = ";
  parens.append(200, '(').append("x").append(200, ')');
  EXPECT_NE(why_not(parens), "");
  std::string ternaries = "z = ";
  for (int k = 0; k < 20000; ++k) ternaries += "x > 0 ? y : ";
  EXPECT_NE(why_not(ternaries + "x"), "");
  EXPECT_NE(why_not(std::string(20000, '{') + std::string(20000, '}')), "");
  std::string negations = "z = ";
  for (int k = 0; k < 20000; ++k) negations += "- ";
  EXPECT_NE(why_not(negations + "x"), "");
  // Bad type names.
  std::pair<std::string, Type> bad_names[] = {
      {"i", interp::F32}, {"_T", interp::F32}, {"int", interp::F32}, {"sqrt", interp::F32}};
  QuickParam xz[] = {{"x", interp::F32, false}, {"z", interp::F32, true}};
  for (const auto& n : bad_names)
    EXPECT_FALSE(compile_quick("z = x", xz, {&n, 1}).program) << n.first;
  std::pair<std::string, Type> t_and_x[] = {{"x", interp::F32}};
  EXPECT_FALSE(compile_quick("z = x", xz, t_and_x).program);  // a parameter named like a type
  // Nine parameters.
  std::vector<QuickParam> nine;
  for (int k = 0; k < 9; ++k)
    nine.push_back({std::string("p").append(std::to_string(k)), interp::F32, k == 8});
  EXPECT_NE(why_not("p8 = p0", nine), "");
  // Bad parameter names.
  EXPECT_NE(why_not("z = 1", {{"_x", interp::F32, false}, {"z", interp::F32, true}}), "");
  EXPECT_NE(why_not("z = 1", {{"i", interp::F32, false}, {"z", interp::F32, true}}), "");
  EXPECT_NE(why_not("z = 1", {{"z", interp::F32, false}, {"z", interp::F32, true}}), "");
  EXPECT_NE(why_not("z = 1", {{"float", interp::F32, false}, {"z", interp::F32, true}}), "");
  // Within the limits: temporaries reuse registers.
  std::string chain = "z = x";
  for (int k = 0; k < 40; ++k) chain += " + (x * y - x) / y";
  EXPECT_NE(why_not(chain), "");  // 160 instructions
  std::string ok = "float t = x;";
  for (int k = 0; k < 20; ++k) ok += " t = t * y + x;";  // 40 instructions
  ok += " z = t";
  EXPECT_EQ(why_not(ok), "");
}
