// Everything a generated random kernel includes: the engines and the samplers.
#pragma once
#include "ndgpu/philox.cuh"
#include "ndgpu/rng_engines.cuh"
#include "ndgpu/rng_normal_f32.cuh"
#include "ndgpu/rng_samplers.cuh"
