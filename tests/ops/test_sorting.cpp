// Sorting (src/ops/sorting/): sort and argsort over dtypes and axes, NaNs last, stability,
// and the CPU backend's sorts on one long row and many rows.
#include "ndgpu/sorting.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

#include "array_helpers.hpp"
#include "ndgpu/backend.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using test::device_array;
using test::host;

TEST(Sorting, FloatsNanLastAndArgsortStable) {
  const double nan = std::nan("");
  NDArray a =
      device_array(std::vector<double>{3, nan, -0.0, 0.0, -1, nan, 0.0}, {7}, DType::Float64);
  std::vector<double> s = host<double>(sort(a));
  EXPECT_EQ(std::vector<double>(s.begin(), s.begin() + 5), std::vector<double>({-1, 0, 0, 0, 3}));
  EXPECT_TRUE(std::isnan(s[5]) && std::isnan(s[6]));
  // -0.0 and 0.0 are equal: the three zeros keep their order, NaNs too.
  EXPECT_EQ(host<int64_t>(argsort(a)), std::vector<int64_t>({4, 2, 3, 6, 0, 1, 5}));
}

TEST(Sorting, SignedIntegersAlongEachAxis) {
  NDArray a = device_array(std::vector<int16_t>{5, -3, 7, -8, 2, 2}, {2, 3}, DType::Int16);
  EXPECT_EQ(host<int16_t>(sort(a)), std::vector<int16_t>({-3, 5, 7, -8, 2, 2}));
  EXPECT_EQ(host<int16_t>(sort(a, {.axis = 0})), std::vector<int16_t>({-8, -3, 2, 5, 2, 7}));
  EXPECT_EQ(host<int16_t>(sort(a, {.axis = std::nullopt})),
            std::vector<int16_t>({-8, -3, 2, 2, 5, 7}));
  EXPECT_EQ(host<int64_t>(argsort(a, {.axis = 0})), std::vector<int64_t>({1, 0, 1, 0, 1, 0}));
  EXPECT_THROW(sort(a, {.axis = 2}), IndexError);
  EXPECT_THROW(sort(a, {.kind = std::string("fast")}), ValueError);
}

TEST(Sorting, CpuRadixSortOneLongRowAndManyRows) {
  std::mt19937_64 rng(7);
  const int64_t n = 1 << 18;
  std::vector<uint32_t> keys(n);
  for (auto& k : keys) k = uint32_t(rng() % 5000);  // ties: stability shows in the values
  std::vector<int64_t> values(n), out_values(n);
  std::iota(values.begin(), values.end(), 0);
  std::vector<uint32_t> out(n);
  for (int64_t segments : {int64_t(1), int64_t(1024), int64_t(8192)}) {
    SortCall call;
    call.key_bytes = 4;
    call.n = n;
    call.segments = segments;
    call.keys_in = keys.data();
    call.keys_out = out.data();
    call.values_in = values.data();
    call.values_out = out_values.data();
    backend_for(DeviceType::CPU).sort(0, call);
    const int64_t len = n / segments;
    for (int64_t s = 0; s < segments; ++s) {
      std::vector<int64_t> expect(values.begin() + s * len, values.begin() + (s + 1) * len);
      std::stable_sort(expect.begin(), expect.end(),
                       [&](int64_t x, int64_t y) { return keys[size_t(x)] < keys[size_t(y)]; });
      ASSERT_TRUE(std::equal(expect.begin(), expect.end(), out_values.begin() + s * len))
          << "segments " << segments << " segment " << s;
      for (int64_t i = 0; i < len; ++i)
        ASSERT_EQ(out[size_t(s * len + i)], keys[size_t(expect[size_t(i)])]);
    }
  }
}

// Rows of 4-byte keys alone: the vectorised quicksorts (AVX-512 where the CPU has it, and
// AVX2) and the radix sort (NDGPU_CPU_SORT=radix) against std::sort, on IEEE float keys (one row,
// NumPy's order: -0.0 first, every NaN last as one quiet NaN) and unsigned ones (one row or three),
// around each size where the paths change (registers, partitions, the pool).
TEST(Sorting, CpuSortOfRowsOfKeysAlone) {
  auto key = [](uint32_t x) {  // float bits to unsigned order, NaNs last
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return 0xFFFFFFFFu;
    return (x >> 31) ? ~x : x | 0x80000000u;
  };
  std::mt19937_64 rng(11);
  const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7FC00000u, 0xFFC00001u,
                               0x7F800000u, 0xFF800000u, 0x3F800000u, 0xBF800000u};
  for (const char* path : {"", "avx2", "radix"}) {
    setenv("NDGPU_CPU_SORT", path, 1);
    for (int64_t len : {int64_t(1), int64_t(17), int64_t(128), int64_t(129), int64_t(256),
                        int64_t(257), int64_t(5000), int64_t(1) << 16, (int64_t(1) << 20) + 3})
      for (int data = 0; data < 3; ++data)
        for (int64_t rows : {int64_t(1), int64_t(3)})
          for (bool floats : {true, false}) {
            if (floats && rows > 1) continue;  // sort.cpp asks for float keys in one row only
            const int64_t n = rows * len;
            std::vector<uint32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
            for (auto& x : in)
              x = data == 0   ? uint32_t(rng())
                  : data == 1 ? specials[rng() % 8]
                              : uint32_t(rng() % 3);
            std::vector<uint32_t> expect = in;
            for (int64_t r = 0; r < rows; ++r)
              std::sort(expect.begin() + r * len, expect.begin() + (r + 1) * len,
                        [&](uint32_t x, uint32_t y) { return floats ? key(x) < key(y) : x < y; });
            if (floats)
              for (auto& x : expect)
                if (key(x) == 0xFFFFFFFFu) x = 0x7FFFFFFFu;
            SortCall call;
            call.n = n;
            call.segments = rows;
            call.keys_in = in.data();
            call.keys_out = out.data();
            call.float_keys = floats;
            backend_for(DeviceType::CPU).sort(0, call);
            ASSERT_EQ(out, expect) << "path '" << path << "' len " << len << " rows " << rows
                                   << " data " << data << " floats " << floats;
          }
  }
  unsetenv("NDGPU_CPU_SORT");
}

TEST(Sorting, SearchsortedPlacesNanLast) {
  const double nan = std::nan("");
  NDArray a = device_array(std::vector<double>{-1, 0, 2, 2, nan}, {5}, DType::Float64);
  NDArray v = device_array(std::vector<double>{2, nan, -0.0, 5}, {2, 2}, DType::Float64);
  EXPECT_EQ(host<int64_t>(searchsorted(a, v)), std::vector<int64_t>({2, 4, 1, 4}));
  EXPECT_EQ(host<int64_t>(searchsorted(a, v, "right")), std::vector<int64_t>({4, 5, 2, 4}));
  EXPECT_EQ(searchsorted(a, v).shape(), Shape({2, 2}));
  EXPECT_THROW(searchsorted(a, v, "up"), ValueError);
}

TEST(Sorting, UniqueWithIndexInverseAndCounts) {
  NDArray a = device_array(std::vector<int32_t>{4, 1, 4, 3, 1, 4}, {2, 3}, DType::Int32);
  UniqueResult r = unique(a, {true, true, true});
  EXPECT_EQ(host<int32_t>(r.values), std::vector<int32_t>({1, 3, 4}));
  EXPECT_EQ(host<int64_t>(*r.index), std::vector<int64_t>({1, 3, 0}));
  EXPECT_EQ(host<int64_t>(*r.inverse), std::vector<int64_t>({2, 0, 2, 1, 0, 2}));
  EXPECT_EQ(r.inverse->shape(), Shape({2, 3}));
  EXPECT_EQ(host<int64_t>(*r.counts), std::vector<int64_t>({2, 1, 3}));
  NDArray b = device_array(std::vector<int32_t>{3, 5}, {2}, DType::Int32);
  EXPECT_EQ(host<uint8_t>(isin(a, b)), std::vector<uint8_t>({0, 0, 0, 1, 0, 0}));
  EXPECT_EQ(host<int32_t>(setxor1d(a, b)), std::vector<int32_t>({1, 4, 5}));
}

// Integers over a range no wider than their count (unique_dense.cpp): i * 7 % 1200 - 100
// over 2400 elements takes each value of [-100, 1100) twice.
TEST(Sorting, UniqueOfASmallIntegerRange) {
  std::vector<int32_t> v(2400);
  for (size_t i = 0; i < v.size(); ++i) v[i] = int32_t(i * 7 % 1200) - 100;
  UniqueResult r = unique(device_array(v, {2400}, DType::Int32),
                          {.return_inverse = true, .return_counts = true});
  std::vector<int32_t> values(1200);
  for (int32_t k = 0; k < 1200; ++k) values[size_t(k)] = k - 100;
  EXPECT_EQ(host<int32_t>(r.values), values);
  EXPECT_EQ(host<int64_t>(*r.counts), std::vector<int64_t>(1200, 2));
  std::vector<int64_t> inverse = host<int64_t>(*r.inverse);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(inverse[i], v[i] + 100);
}

// float32 rows by radix select (median_rows.cpp): a permutation of 0..63, the same plus 100
// with one NaN, and a constant row.
TEST(Sorting, MedianOfFloat32RowsBySelection) {
  const float nan = std::nanf("");
  std::vector<float> v(3 * 64);
  for (size_t k = 0; k < 64; ++k) {
    v[k] = float(k * 5 % 64);
    v[64 + k] = k == 10 ? nan : v[k] + 100;
    v[128 + k] = 7;
  }
  NDArray a = device_array(v, {3, 64}, DType::Float32);
  std::vector<float> m = host<float>(median(a, std::vector<int64_t>{1}));
  EXPECT_EQ(m[0], 31.5f);
  EXPECT_TRUE(std::isnan(m[1]));
  EXPECT_EQ(m[2], 7.0f);
  // Without the NaN (150): 63 values, the 32nd of 100..149, 151..163.
  EXPECT_EQ(host<float>(nanmedian(a, std::vector<int64_t>{1})),
            std::vector<float>({31.5f, 131.0f, 7.0f}));
}

TEST(Sorting, MedianAndQuantileMethods) {
  NDArray a = device_array(std::vector<double>{7, 1, 3, 9, 4, 2, 8, 6}, {2, 4}, DType::Float64);
  EXPECT_EQ(host<double>(median(a, std::vector<int64_t>{1})), std::vector<double>({5, 5}));
  EXPECT_EQ(host<double>(median(a)), std::vector<double>({5}));
  NDArray q = device_array(std::vector<double>{0.25, 1.0}, {2}, DType::Float64);
  // Rows [1, 3, 7, 9] and [2, 4, 6, 8]: q 0.25 is index 0.75, so 2.5 and 3.5 (lower: 1, 2).
  NDArray lin = quantile(a, q, {.axis = std::vector<int64_t>{1}});
  EXPECT_EQ(lin.shape(), Shape({2, 2}));
  EXPECT_EQ(host<double>(lin), std::vector<double>({2.5, 3.5, 9, 8}));
  EXPECT_EQ(host<double>(quantile(a, q, {.axis = std::vector<int64_t>{1}, .method = "lower"})),
            std::vector<double>({1, 2, 9, 8}));
  EXPECT_THROW(quantile(a, q, {.method = "rounded"}), ValueError);
  NDArray bad = device_array(std::vector<double>{101}, {1}, DType::Float64);
  EXPECT_THROW(percentile(a, bad), ValueError);
}

TEST(Sorting, BincountDigitizeHistogram) {
  NDArray x = device_array(std::vector<int64_t>{2, 0, 2, 5}, {4}, DType::Int64);
  EXPECT_EQ(host<int64_t>(bincount(x)), std::vector<int64_t>({1, 0, 2, 0, 0, 1}));
  NDArray w = device_array(std::vector<double>{0.5, 1, 2, 4}, {4}, DType::Float64);
  EXPECT_EQ(host<double>(bincount(x, w, 7)), std::vector<double>({1, 0, 2.5, 0, 0, 4, 0}));
  NDArray neg = device_array(std::vector<int64_t>{1, -1}, {2}, DType::Int64);
  EXPECT_THROW(bincount(neg), ValueError);
  NDArray bins = device_array(std::vector<double>{0, 2, 4}, {3}, DType::Float64);
  NDArray v = device_array(std::vector<double>{-1, 0, 2, 3, 4, 9}, {6}, DType::Float64);
  EXPECT_EQ(host<int64_t>(digitize(v, bins)), std::vector<int64_t>({0, 1, 2, 2, 3, 3}));
  EXPECT_EQ(host<int64_t>(digitize(v, bins, true)), std::vector<int64_t>({0, 0, 1, 2, 2, 3}));
  // Four equal bins over [-1, 9]; the last includes 9.
  auto [hist, edges] = histogram(v, {.bins = 4});
  EXPECT_EQ(host<int64_t>(hist), std::vector<int64_t>({2, 2, 1, 1}));
  EXPECT_EQ(host<double>(edges), std::vector<double>({-1, 1.5, 4, 6.5, 9}));
}

TEST(Sorting, PartitionAndLexsort) {
  NDArray a = device_array(std::vector<int32_t>{9, 2, 7, 4, 1}, {5}, DType::Int32);
  EXPECT_EQ(host<int32_t>(partition(a, {2}))[2], 4);
  EXPECT_EQ(host<int64_t>(argpartition(a, {0}))[0], 4);
  EXPECT_THROW(partition(a, {5}), ValueError);
  // By `last` first (items 1, 2 then 0, 3), ties broken by `first`.
  NDArray first = device_array(std::vector<int32_t>{1, 3, 0, 2}, {4}, DType::Int32);
  NDArray last = device_array(std::vector<int32_t>{1, 0, 0, 1}, {4}, DType::Int32);
  EXPECT_EQ(host<int64_t>(lexsort({first, last})), std::vector<int64_t>({2, 1, 0, 3}));
}
