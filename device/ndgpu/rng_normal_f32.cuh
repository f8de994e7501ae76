// Float32 normals by inversion, one 32-bit word each: a cubic per row of a 257-row table
// (docs/random.md; the table from scripts/normal_tables.py). IEEE-exact operations only
// (conversion, + - and fma), so both backends give the same bits; 92 SASS instructions per
// four normals against the table-driven Box-Muller's 133.
#pragma once
#include "ndgpu/rng_math.cuh"

namespace ndgpu::rng {

#ifdef NDGPU_DEVICE_CUDA
#define NDGPU_RNG_TABLE static __device__ const float __align__(16)
#else
#define NDGPU_RNG_TABLE alignas(16) static const float
#endif
// clang-format off
NDGPU_RNG_TABLE kNormalInverse[257 * 4] = {
    0x1.95a11ap+2f, -0x1.95a11ap+5f, 0x1.0e6b66p+9f, -0x1.95a11ap+12f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.8ebc96p+2f, -0x1.8ebc96p+4f, 0x1.09d30ep+7f, -0x1.8ebc96p+9f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.8aa6c8p+2f, -0x1.8aa6c8p+4f, 0x1.0719dap+7f, -0x1.8aa6c8p+9f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.87ba78p+2f, -0x1.87ba78p+3f, 0x1.0526fcp+5f, -0x1.87ba78p+6f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.85725ap+2f, -0x1.85725ap+3f, 0x1.03a192p+5f, -0x1.85725ap+6f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.8392aap+2f, -0x1.8392aap+3f, 0x1.0261c6p+5f, -0x1.8392aap+6f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.81fb5ep+2f, -0x1.81fb5ep+3f, 0x1.01523ep+5f, -0x1.81fb5ep+6f,
    0.0f, 0.0f, 0.0f, 0.0f,
    0x1.80994p+2f, -0x1.80994p+2f, 0x1.00662ap+3f, -0x1.80994p+3f,
    0x1.7f5fe4p+2f, -0x1.7f5fe4p+2f, 0x1.ff2a84p+2f, -0x1.7f5fe4p+3f,
    0x1.7e46c6p+2f, -0x1.7e46c6p+2f, 0x1.fdb3b2p+2f, -0x1.7e46c6p+3f,
    0x1.7d47cep+2f, -0x1.7d47cep+2f, 0x1.fc5fbep+2f, -0x1.7d47cep+3f,
    0x1.7c5e7cp+2f, -0x1.7c5e7cp+2f, 0x1.fb28a6p+2f, -0x1.7c5e7cp+3f,
    0x1.7b8762p+2f, -0x1.7b8762p+2f, 0x1.fa09d8p+2f, -0x1.7b8762p+3f,
    0x1.7abfd4p+2f, -0x1.7abfd4p+2f, 0x1.f8ffc4p+2f, -0x1.7abfd4p+3f,
    0x1.7a05bp+2f, -0x1.7a05bp+2f, 0x1.f80796p+2f, -0x1.7a05bp+3f,
    0x1.795744p+2f, -0x1.483dfp-7f, 0x1.b5a7eap-9f, -0x1.b5a7ecp-9f,
    0x1.78182ap+2f, -0x1.25a26ep-7f, 0x1.87833ep-9f, -0x1.87833ep-9f,
    0x1.76f9dep+2f, -0x1.09b51p-7f, 0x1.6246cp-9f, -0x1.6246cp-9f,
    0x1.75f62cp+2f, -0x1.e5615ap-8f, 0x1.43963cp-9f, -0x1.43963cp-9f,
    0x1.750884p+2f, -0x1.bec6f4p-8f, 0x1.29d9f8p-9f, -0x1.29d9f6p-9f,
    0x1.742d64p+2f, -0x1.9def1cp-8f, 0x1.13f4bep-9f, -0x1.13f4bep-9f,
    0x1.736216p+2f, -0x1.81a594p-8f, 0x1.01190ep-9f, -0x1.01190ep-9f,
    0x1.72a472p+2f, -0x1.69068ep-8f, 0x1.e15e12p-10f, -0x1.e15e12p-10f,
    0x1.71f2b8p+2f, -0x1.5883e2p-8f, 0x1.4d7b88p-14f, -0x1.813a96p-20f,
    0x1.70ad8ep+2f, -0x1.333d0ep-8f, 0x1.088c4p-14f, -0x1.135af2p-20f,
    0x1.6f89c8p+2f, -0x1.15542p-8f, 0x1.ae0b38p-15f, -0x1.974d9p-21f,
    0x1.6e811ap+2f, -0x1.f9953cp-9f, 0x1.647bbcp-15f, -0x1.35bd0ap-21f,
    0x1.6d8ed8p+2f, -0x1.d0968ep-9f, 0x1.2c5a98p-15f, -0x1.e21b32p-22f,
    0x1.6caf78p+2f, -0x1.add292p-9f, 0x1.008c2cp-15f, -0x1.7e97aap-22f,
    0x1.6be034p+2f, -0x1.8ff636p-9f, 0x1.bb6666p-16f, -0x1.34bb46p-22f,
    0x1.6b1edap+2f, -0x1.760856p-9f, 0x1.830b38p-16f, -0x1.f98276p-23f,
    0x1.6a69a4p+2f, -0x1.5f487ap-9f, 0x1.5320bp-16f, -0x1.80065ap-23f,
    0x1.691e0ep+2f, -0x1.3950e8p-9f, 0x1.0d233cp-16f, -0x1.131c6p-23f,
    0x1.67f47ep+2f, -0x1.1ad92ap-9f, 0x1.b5a5b8p-17f, -0x1.97b0e6p-24f,
    0x1.66e686p+2f, -0x1.01d9c6p-9f, 0x1.6ae1bcp-17f, -0x1.3682aap-24f,
    0x1.65ef68p+2f, -0x1.d9eed8p-10f, 0x1.31cfc4p-17f, -0x1.e3f066p-25f,
    0x1.650b86p+2f, -0x1.b6821cp-10f, 0x1.0541ecp-17f, -0x1.807a76p-25f,
    0x1.64381p+2f, -0x1.98142cp-10f, 0x1.c39cbap-18f, -0x1.368e78p-25f,
    0x1.6372c6p+2f, -0x1.7da75ep-10f, 0x1.8a446p-18f, -0x1.fcef24p-26f,
    0x1.62b9dcp+2f, -0x1.6676bap-10f, 0x1.595c34p-18f, -0x1.831e3cp-26f,
    0x1.616778p+2f, -0x1.3fc4p-10f, 0x1.122934p-18f, -0x1.15a88p-26f,
    0x1.6037c2p+2f, -0x1.20b50cp-10f, 0x1.bdeae4p-19f, -0x1.9bdec2p-27f,
    0x1.5f242ep+2f, -0x1.0738dcp-10f, 0x1.71cf3ep-19f, -0x1.39f39cp-27f,
    0x1.5e27e8p+2f, -0x1.e3db64p-11f, 0x1.37b354p-19f, -0x1.e9a53cp-28f,
    0x1.5d3f3ep+2f, -0x1.bfbc02p-11f, 0x1.0a537ep-19f, -0x1.853f5ep-28f,
    0x1.5c675p+2f, -0x1.a0b3ecp-11f, 0x1.cc6e74p-20f, -0x1.3a9338p-28f,
    0x1.5b9ddap+2f, -0x1.85c0b6p-11f, 0x1.9202fp-20f, -0x1.01e15p-28f,
    0x1.5ae1p+2f, -0x1.6e1922p-11f, 0x1.601b9cp-20f, -0x1.888b22p-29f,
    0x1.598762p+2f, -0x1.469ffap-11f, 0x1.1793dp-20f, -0x1.19bd7ap-29f,
    0x1.585122p+2f, -0x1.26f0b8p-11f, 0x1.c6cf24p-21f, -0x1.a228d2p-30f,
    0x1.573796p+2f, -0x1.0cf034p-11f, 0x1.793df6p-21f, -0x1.3ee58ap-30f,
    0x1.5635dp+2f, -0x1.ee6bc4p-12f, 0x1.3e0226p-21f, -0x1.f18f5ep-31f,
    0x1.55480ep+2f, -0x1.c98ee4p-12f, 0x1.0fbfbp-21f, -0x1.8bade4p-31f,
    0x1.546b62p+2f, -0x1.a9e34ap-12f, 0x1.d5db96p-22f, -0x1.3fdf5ep-31f,
    0x1.539d78p+2f, -0x1.8e6176p-12f, 0x1.9a4866p-22f, -0x1.064ba4p-31f,
    0x1.52dc6ep+2f, -0x1.763bf6p-12f, 0x1.675a64p-22f, -0x1.8f7124p-32f,
    0x1.517b18p+2f, -0x1.4df016p-12f, 0x1.1d61b8p-22f, -0x1.1ecddep-32f,
    0x1.503dep+2f, -0x1.2d968cp-12f, 0x1.d0530ap-23f, -0x1.a9d12ap-33f,
    0x1.4f1df8p+2f, -0x1.130972p-12f, 0x1.813022p-23f, -0x1.44d458p-33f,
    0x1.4e1656p+2f, -0x1.f9b202p-13f, 0x1.44bf52p-23f, -0x1.faf18cp-34f,
    0x1.4d2324p+2f, -0x1.d40bb8p-13f, 0x1.1589fep-23f, -0x1.933b0ap-34f,
    0x1.4c4164p+2f, -0x1.b3b246p-13f, 0x1.dfeb5cp-24f, -0x1.460aacp-34f,
    0x1.4b6ebap+2f, -0x1.9798ccp-13f, 0x1.a31bf6p-24f, -0x1.0b66e6p-34f,
    0x1.4aa938p+2f, -0x1.7eed82p-13f, 0x1.6f19dp-24f, -0x1.97524ep-35f,
    0x1.493fa4p+2f, -0x1.55c166p-13f, 0x1.2395aep-24f, -0x1.248a8cp-35f,
    0x1.47faf8p+2f, -0x1.34b298p-13f, 0x1.da7d34p-25f, -0x1.b26fcp-36f,
    0x1.46d44p+2f, -0x1.198fccp-13f, 0x1.89aca4p-25f, -0x1.4b7906p-36f,
    0x1.45c658p+2f, -0x1.02e18cp-13f, 0x1.4bf192p-25f, -0x1.02b3f2p-36f,
    0x1.44cd54p+2f, -0x1.df463ap-14f, 0x1.1bb8cap-25f, -0x1.9b9eb8p-37f,
    0x1.43e628p+2f, -0x1.be3384p-14f, 0x1.eaa9b8p-26f, -0x1.4cdfecp-37f,
    0x1.430e66p+2f, -0x1.a17864p-14f, 0x1.ac88bcp-26f, -0x1.110b1p-37f,
    0x1.424418p+2f, -0x1.883e86p-14f, 0x1.77625ep-26f, -0x1.9ffedap-38f,
    0x1.40d1aep+2f, -0x1.5e233ap-14f, 0x1.2a3752p-26f, -0x1.2ad5cep-38f,
    0x1.3f8504p+2f, -0x1.3c53p-14f, 0x1.e55b2ep-27f, -0x1.bbde0ep-39f,
    0x1.3e56fep+2f, -0x1.209068p-14f, 0x1.92bf76p-27f, -0x1.52b9ccp-39f,
    0x1.3d425ap+2f, -0x1.095bcep-14f, 0x1.53a384p-27f, -0x1.08676ep-39f,
    0x1.3c4318p+2f, -0x1.eb5588p-15f, 0x1.22558ap-27f, -0x1.a4bfecp-40f,
    0x1.3b5616p+2f, -0x1.c97cdcp-15f, 0x1.f6279cp-28f, -0x1.544d2ep-40f,
    0x1.3a78dcp+2f, -0x1.ac14f8p-15f, 0x1.b69df6p-28f, -0x1.172b12p-40f,
    0x1.39a966p+2f, -0x1.9242b4p-15f, 0x1.80409ap-28f, -0x1.a9660ap-41f,
    0x1.382d7ep+2f, -0x1.672794p-15f, 0x1.31513ap-28f, -0x1.31a63ap-41f,
    0x1.36d83ap+2f, -0x1.448864p-15f, 0x1.f0ff04p-29f, -0x1.c61144p-42f,
    0x1.35a256p+2f, -0x1.281abcp-15f, 0x1.9c7828p-29f, -0x1.5a906ap-42f,
    0x1.348672p+2f, -0x1.105644p-15f, 0x1.5be2b4p-29f, -0x1.0e8fbap-42f,
    0x1.338074p+2f, -0x1.f854e6p-16f, 0x1.296c24p-29f, -0x1.ae9ae8p-43f,
    0x1.328d28p+2f, -0x1.d5a818p-16f, 0x1.013d0ap-29f, -0x1.5c50bap-43f,
    0x1.31aa08p+2f, -0x1.b786fep-16f, 0x1.c16e66p-30f, -0x1.1dc678p-43f,
    0x1.30d502p+2f, -0x1.9d1158p-16f, 0x1.89c4dcp-30f, -0x1.b3894p-44f,
    0x1.2f4edap+2f, -0x1.70e3c8p-16f, 0x1.38f0dep-30f, -0x1.38fe44p-44f,
    0x1.2df04cp+2f, -0x1.4d6676p-16f, 0x1.fd7f52p-31f, -0x1.d10edcp-45f,
    0x1.2cb1e8p+2f, -0x1.304122p-16f, 0x1.a6e9fap-31f, -0x1.630242p-45f,
    0x1.2b8e2ep+2f, -0x1.17e21cp-16f, 0x1.64bfbap-31f, -0x1.1531cep-45f,
    0x1.2a80e6p+2f, -0x1.03325ap-16f, 0x1.310b12p-31f, -0x1.b938b4p-46f,
    0x1.2986cep+2f, -0x1.e2d3d8p-17f, 0x1.07dd4ep-31f, -0x1.64f2acp-46f,
    0x1.289d4ap+2f, -0x1.c3eb92p-17f, 0x1.cd10aep-32f, -0x1.24e47cp-46f,
    0x1.27c24p+2f, -0x1.a8c62ep-17f, 0x1.9402eap-32f, -0x1.be74b2p-47f,
    0x1.2630fcp+2f, -0x1.7b714p-17f, 0x1.412672p-32f, -0x1.40e7a6p-47f,
    0x1.24c85cp+2f, -0x1.5704bcp-17f, 0x1.057b92p-32f, -0x1.dce67ap-48f,
    0x1.2380cp+2f, -0x1.391984p-17f, 0x1.b22be2p-33f, -0x1.6c1c0ap-48f,
    0x1.225482p+2f, -0x1.2013e8p-17f, 0x1.6e4e6p-33f, -0x1.1c5826p-48f,
    0x1.213f52p+2f, -0x1.0ad5ep-17f, 0x1.39438ap-33f, -0x1.c4aac4p-49f,
    0x1.203dd6p+2f, -0x1.f124dep-18f, 0x1.0f03c2p-33f, -0x1.6e41acp-49f,
    0x1.1f4d6p+2f, -0x1.d165a8p-18f, 0x1.d99fbp-34f, -0x1.2c919p-49f,
    0x1.1e6bc8p+2f, -0x1.b58288p-18f, 0x1.9f129cp-34f, -0x1.ca3ca2p-50f,
    0x1.1cce6cp+2f, -0x1.86ee98p-18f, 0x1.4a0568p-34f, -0x1.497198p-50f,
    0x1.1b5ad4p+2f, -0x1.617f8ep-18f, 0x1.0cc376p-34f, -0x1.e9af94p-51f,
    0x1.1a092cp+2f, -0x1.42be5ap-18f, 0x1.be5964p-35f, -0x1.75f046p-51f,
    0x1.18d3a6p+2f, -0x1.290484p-18f, 0x1.78a64cp-35f, -0x1.2411ap-51f,
    0x1.17b5d4p+2f, -0x1.132c7ap-18f, 0x1.422a28p-35f, -0x1.d1095ep-52f,
    0x1.16ac46p+2f, -0x1.0063d4p-18f, 0x1.16c282p-35f, -0x1.7851d8p-52f,
    0x1.15b43ap+2f, -0x1.e01f96p-19f, 0x1.e73b8ep-36f, -0x1.34de8ep-52f,
    0x1.14cb78p+2f, -0x1.c36edap-19f, 0x1.ab1064p-36f, -0x1.d6fb34p-53f,
    0x1.1320e4p+2f, -0x1.9380fcp-19f, 0x1.53a4fep-36f, -0x1.52af8ep-53f,
    0x1.11a14ap+2f, -0x1.6cf96ep-19f, 0x1.14aab4p-36f, -0x1.f788p-54f,
    0x1.1044ap+2f, -0x1.4d4fe4p-19f, 0x1.cb936p-37f, -0x1.809656p-54f,
    0x1.0f04ecp+2f, -0x1.32d242p-19f, 0x1.83e3cap-37f, -0x1.2c70f2p-54f,
    0x1.0ddda4p+2f, -0x1.1c52d6p-19f, 0x1.4bd78cp-37f, -0x1.de72eep-55f,
    0x1.0ccb38p+2f, -0x1.08f956p-19f, 0x1.1f2f3ap-37f, -0x1.833c48p-55f,
    0x1.0bcad8p+2f, -0x1.f04d42p-20f, 0x1.f60ac8p-38f, -0x1.3de07p-55f,
    0x1.0ada38p+2f, -0x1.d2bcbcp-20f, 0x1.b81e86p-38f, -0x1.e4d142p-56f,
    0x1.09211ap+2f, -0x1.a15622p-20f, 0x1.5e213p-38f, -0x1.5cb9d6p-56f,
    0x1.079448p+2f, -0x1.799cdcp-20f, 0x1.1d48aap-38f, -0x1.034a64p-56f,
    0x1.062b7ep+2f, -0x1.58f5eep-20f, 0x1.da018p-39f, -0x1.8c2b2ep-57f,
    0x1.04e092p+2f, -0x1.3da2a2p-20f, 0x1.9029p-39f, -0x1.358d2cp-57f,
    0x1.03aed6p+2f, -0x1.266c7p-20f, 0x1.56697cp-39f, -0x1.ed0ceap-58f,
    0x1.0292ap+2f, -0x1.1274aep-20f, 0x1.286422p-39f, -0x1.8f1fd4p-58f,
    0x1.01890cp+2f, -0x1.011786p-20f, 0x1.031df4p-39f, -0x1.47b0eep-58f,
    0x1.008fbap+2f, -0x1.e3a694p-21f, 0x1.c5eb16p-40f, -0x1.ef23d6p-59f,
    0x1.fd8d06p+1f, -0x1.b0a6ecp-21f, 0x1.699be8p-40f, -0x1.67ae22p-59f,
    0x1.fa561ep+1f, -0x1.879ed4p-21f, 0x1.26b9a6p-40f, -0x1.0b8192p-59f,
    0x1.f769ap+1f, -0x1.65e22ep-21f, 0x1.e9d3e6p-41f, -0x1.98d21ep-60f,
    0x1.f4baep+1f, -0x1.49a48cp-21f, 0x1.9d9f6ep-41f, -0x1.3f827ap-60f,
    0x1.f24032p+1f, -0x1.31a5c2p-21f, 0x1.62042ap-41f, -0x1.fd0502p-61f,
    0x1.eff208p+1f, -0x1.1d0038p-21f, 0x1.32811ep-41f, -0x1.9c2222p-61f,
    0x1.edca62p+1f, -0x1.0b0afp-21f, 0x1.0c03d8p-41f, -0x1.526f76p-61f,
    0x1.ebc462p+1f, -0x1.f68394p-22f, 0x1.d61accp-42f, -0x1.0236acp-61f,
    0x1.e80e16p+1f, -0x1.c1bb2ep-22f, 0x1.763e94p-42f, -0x1.73b0a4p-62f,
    0x1.e4b68p+1f, -0x1.974266p-22f, 0x1.312056p-42f, -0x1.148524p-62f,
    0x1.e1abf6p+1f, -0x1.7453b4p-22f, 0x1.fb459p-43f, -0x1.a6b64ap-63f,
    0x1.dee15cp+1f, -0x1.57139ep-22f, 0x1.ac79fep-43f, -0x1.4a7348p-63f,
    0x1.dc4cb2p+1f, -0x1.3e3772p-22f, 0x1.6ed41p-43f, -0x1.07498ep-63f,
    0x1.d9e62ap+1f, -0x1.28d1fap-22f, 0x1.3dad6cp-43f, -0x1.aa714p-64f,
    0x1.d7a78ap+1f, -0x1.163494p-22f, 0x1.15d9f6p-43f, -0x1.5e427cp-64f,
    0x1.d58bdp+1f, -0x1.05d6aep-22f, 0x1.e779d8p-44f, -0x1.0b5032p-64f,
    0x1.d1ad38p+1f, -0x1.d4ef0ep-23f, 0x1.843c56p-44f, -0x1.80edd6p-65f,
    0x1.ce30dep+1f, -0x1.a8dddcp-23f, 0x1.3ca792p-44f, -0x1.1e770ap-65f,
    0x1.cb047cp+1f, -0x1.849bcep-23f, 0x1.074fc4p-44f, -0x1.b60cc8p-66f,
    0x1.c81a78p+1f, -0x1.663ce6p-23f, 0x1.bcf7ccp-45f, -0x1.5689f8p-66f,
    0x1.c56876p+1f, -0x1.4c6ad8p-23f, 0x1.7d105cp-45f, -0x1.10fe1p-66f,
    0x1.c2e662p+1f, -0x1.36300ep-23f, 0x1.4a19cap-45f, -0x1.ba460cp-67f,
    0x1.c08dc6p+1f, -0x1.22d7acp-23f, 0x1.20cbcp-45f, -0x1.6b5986p-67f,
    0x1.be596cp+1f, -0x1.11d43cp-23f, 0x1.fad138p-46f, -0x1.156534p-67f,
    0x1.ba4d2p+1f, -0x1.eabb08p-24f, 0x1.93d4fcp-46f, -0x1.8f9cc4p-68f,
    0x1.b6a706p+1f, -0x1.bce258p-24f, 0x1.4984e2p-46f, -0x1.298154p-68f,
    0x1.b3542p+1f, -0x1.97256ep-24f, 0x1.121e96p-46f, -0x1.c71782p-69f,
    0x1.b04652p+1f, -0x1.7786p-24f, 0x1.cf67ecp-47f, -0x1.63fb42p-69f,
    0x1.ad72d8p+1f, -0x1.5ca0fp-24f, 0x1.8cfe4ap-47f, -0x1.1bcaeap-69f,
    0x1.aad14ap+1f, -0x1.45775ap-24f, 0x1.58036ep-47f, -0x1.cbe756p-70f,
    0x1.a85af6p+1f, -0x1.314d7ep-24f, 0x1.2d0fcap-47f, -0x1.79efcep-70f,
    0x1.a60a6ep+1f, -0x1.1f9076p-24f, 0x1.08414cp-47f, -0x1.20a40cp-70f,
    0x1.a1c9bap+1f, -0x1.01e002p-24f, 0x1.a558f2p-48f, -0x1.a0024ap-71f,
    0x1.9df3a6p+1f, -0x1.d3e784p-25f, 0x1.57fbe2p-48f, -0x1.35d8b8p-71f,
    0x1.9a746ap+1f, -0x1.ac8066p-25f, 0x1.1e4904p-48f, -0x1.da2926p-72f,
    0x1.973d58p+1f, -0x1.8b7804p-25f, 0x1.e42e7cp-49f, -0x1.730954p-72f,
    0x1.944338p+1f, -0x1.6f5cf2p-25f, 0x1.9ef59cp-49f, -0x1.27e606p-72f,
    0x1.917d46p+1f, -0x1.5725ecp-25f, 0x1.67b808p-49f, -0x1.dfae46p-73f,
    0x1.8ee486p+1f, -0x1.420f8p-25f, 0x1.3aeb7p-49f, -0x1.8a5p-73f,
    0x1.8c735p+1f, -0x1.2f80b4p-25f, 0x1.148514p-49f, -0x1.2d474p-73f,
    0x1.87f5b8p+1f, -0x1.106d42p-25f, 0x1.b92ea6p-50f, -0x1.b2757ap-74f,
    0x1.83e7c6p+1f, -0x1.eebe14p-26f, 0x1.6862cap-50f, -0x1.43bff2p-74f,
    0x1.8034cep+1f, -0x1.c5736ap-26f, 0x1.2c18d8p-50f, -0x1.efaa9p-75f,
    0x1.7ccd7ap+1f, -0x1.a2d108p-26f, 0x1.fbcb7ap-51f, -0x1.840844p-75f,
    0x1.79a612p+1f, -0x1.85556ep-26f, 0x1.b3669cp-51f, -0x1.3593f8p-75f,
    0x1.76b568p+1f, -0x1.6bebb4p-26f, 0x1.799b14p-51f, -0x1.f60c5cp-76f,
    0x1.73f42ep+1f, -0x1.55c7cp-26f, 0x1.4ab79p-51f, -0x1.9cd944p-76f,
    0x1.715c7cp+1f, -0x1.4249bep-26f, 0x1.228396p-51f, -0x1.3b9982p-76f,
    0x1.6c9708p+1f, -0x1.21a0f6p-26f, 0x1.cfd994p-52f, -0x1.c765a6p-77f,
    0x1.6846fp+1f, -0x1.074724p-26f, 0x1.7b2858p-52f, -0x1.538c7ap-77f,
    0x1.645692p+1f, -0x1.e319dep-27f, 0x1.3becep-52f, -0x1.04111ap-77f,
    0x1.60b5d4p+1f, -0x1.bea15cp-27f, 0x1.0b71bap-52f, -0x1.9763fcp-78f,
    0x1.5d5868p+1f, -0x1.9f911p-27f, 0x1.cae1bp-53f, -0x1.452cdcp-78f,
    0x1.5a34aep+1f, -0x1.84c6dcp-27f, 0x1.8e2c8p-53f, -0x1.07c9d2p-78f,
    0x1.5742fcp+1f, -0x1.6d6cd4p-27f, 0x1.5ce674p-53f, -0x1.b2062p-79f,
    0x1.547d16p+1f, -0x1.58db5ep-27f, 0x1.32a334p-53f, -0x1.4bfb18p-79f,
    0x1.4f6122p+1f, -0x1.365f3ap-27f, 0x1.ea02b4p-54f, -0x1.df628ap-80f,
    0x1.4ac126p+1f, -0x1.1a8672p-27f, 0x1.90dac2p-54f, -0x1.65acd2p-80f,
    0x1.46865ep+1f, -0x1.038c04p-27f, 0x1.4e3eb8p-54f, -0x1.121f12p-80f,
    0x1.429fdp+1f, -0x1.e07f18p-28f, 0x1.1b248ep-54f, -0x1.ada85ap-81f,
    0x1.3f008ap+1f, -0x1.bf9992p-28f, 0x1.e61f7p-55f, -0x1.572304p-81f,
    0x1.3b9e62p+1f, -0x1.a3364p-28f, 0x1.a60f88p-55f, -0x1.1680d8p-81f,
    0x1.38714p+1f, -0x1.8a73f2p-28f, 0x1.7209a4p-55f, -0x1.ca75c8p-82f,
    0x1.357292p+1f, -0x1.74a226p-28f, 0x1.4565fep-55f, -0x1.5ee93ep-82f,
    0x1.2febe8p+1f, -0x1.5005dp-28f, 0x1.043fcap-55f, -0x1.fb2744p-83f,
    0x1.2ae8eap+1f, -0x1.326e74p-28f, 0x1.aa2cbcp-56f, -0x1.7ab0f4p-83f,
    0x1.26518p+1f, -0x1.19fe22p-28f, 0x1.63a63cp-56f, -0x1.2270aap-83f,
    0x1.2213b8p+1f, -0x1.057374p-28f, 0x1.2d80eep-56f, -0x1.c78bdap-84f,
    0x1.1e21d2p+1f, -0x1.e7dc5cp-29f, 0x1.030196p-56f, -0x1.6c0ba6p-84f,
    0x1.1a710ep+1f, -0x1.c999fp-29f, 0x1.c20b9ep-57f, -0x1.27a708p-84f,
    0x1.16f8d4p+1f, -0x1.af316ap-29f, 0x1.8ad168p-57f, -0x1.e6f83p-85f,
    0x1.13b22ap+1f, -0x1.97e7fap-29f, 0x1.5b681p-57f, -0x1.7507a2p-85f,
    0x1.0da39p+1f, -0x1.70ccfep-29f, 0x1.1625c4p-57f, -0x1.0dd44ep-85f,
    0x1.0821aep+1f, -0x1.512926p-29f, 0x1.c7ec06p-58f, -0x1.935556p-86f,
    0x1.0312ep+1f, -0x1.3700f2p-29f, 0x1.7c9e3ep-58f, -0x1.339c32p-86f,
    0x1.fcc812p+0f, -0x1.2100d4p-29f, 0x1.4315b4p-58f, -0x1.e5fdaap-87f,
    0x1.f40d06p+0f, -0x1.0e38e8p-29f, 0x1.15befcp-58f, -0x1.84aa84p-87f,
    0x1.ebdda4p+0f, -0x1.fbfc5cp-30f, 0x1.e2ed3ep-59f, -0x1.3bdef6p-87f,
    0x1.e4279ap+0f, -0x1.dfa3dap-30f, 0x1.a7ebdep-59f, -0x1.044f6ap-87f,
    0x1.dcdbfcp+0f, -0x1.c6a15ep-30f, 0x1.753cf8p-59f, -0x1.8f2df4p-88f,
    0x1.cf5518p+0f, -0x1.9c9958p-30f, 0x1.2b1ebcp-59f, -0x1.21152ap-88f,
    0x1.c2fcd4p+0f, -0x1.7a8f8ep-30f, 0x1.eab338p-60f, -0x1.b0947cp-89f,
    0x1.b79c42p+0f, -0x1.5e66e8p-30f, 0x1.9a21fep-60f, -0x1.4c6368p-89f,
    0x1.ad0a62p+0f, -0x1.46b2e2p-30f, 0x1.5c29bp-60f, -0x1.052012p-89f,
    0x1.a327c2p+0f, -0x1.3274bp-30f, 0x1.2b709ep-60f, -0x1.a209d6p-90f,
    0x1.99dbb4p+0f, -0x1.20f4bap-30f, 0x1.046a08p-60f, -0x1.540818p-90f,
    0x1.91128p+0f, -0x1.11ab42p-30f, 0x1.c94ee6p-61f, -0x1.187324p-90f,
    0x1.88bc1ep+0f, -0x1.042da6p-30f, 0x1.92b5cp-61f, -0x1.ae8f06p-91f,
    0x1.79352ap+0f, -0x1.db0146p-31f, 0x1.42c2a4p-61f, -0x1.3844d2p-91f,
    0x1.6af4cp+0f, -0x1.b647dcp-31f, 0x1.08aca2p-61f, -0x1.d3efeep-92f,
    0x1.5dbf88p+0f, -0x1.97e962p-31f, 0x1.ba311ep-62f, -0x1.680d2ep-92f,
    0x1.51692ap+0f, -0x1.7e5d9p-31f, 0x1.770fbcp-62f, -0x1.1b3e06p-92f,
    0x1.45cf94p+0f, -0x1.6891e8p-31f, 0x1.4235aap-62f, -0x1.c6104cp-93f,
    0x1.3ad806p+0f, -0x1.55c074p-31f, 0x1.17d1bap-62f, -0x1.71d864p-93f,
    0x1.306d12p+0f, -0x1.4556b6p-31f, 0x1.ea8beap-63f, -0x1.3178fep-93f,
    0x1.267d4ap+0f, -0x1.36e184p-31f, 0x1.af176ap-63f, -0x1.d60326p-94f,
    0x1.13d80ep+0f, -0x1.1ea8f8p-31f, 0x1.57ce7ep-63f, -0x1.55ff66p-94f,
    0x1.028eb6p+0f, -0x1.0b2748p-31f, 0x1.1814c6p-63f, -0x1.004248p-94f,
    0x1.e4c092p-1f, -0x1.f645bap-32f, 0x1.d08cccp-64f, -0x1.8d7f92p-95f,
    0x1.c63812p-1f, -0x1.db8bfp-32f, 0x1.866e2ap-64f, -0x1.3a4796p-95f,
    0x1.a938b8p-1f, -0x1.c4f8a4p-32f, 0x1.4bc7fp-64f, -0x1.fad356p-96f,
    0x1.8d8726p-1f, -0x1.b1b568p-32f, 0x1.1c75b8p-64f, -0x1.9fbe08p-96f,
    0x1.72f38cp-1f, -0x1.a123acp-32f, 0x1.eb3ebp-65f, -0x1.5a441ep-96f,
    0x1.5956b4p-1f, -0x1.92c70ep-32f, 0x1.a7fd2cp-65f, -0x1.0e88a4p-96f,
    0x1.2883fep-1f, -0x1.7b6998p-32f, 0x1.433b98p-65f, -0x1.922454p-97f,
    0x1.f481cap-2f, -0x1.698c56p-32f, 0x1.f0418ep-66f, -0x1.3c44bep-97f,
    0x1.9be76ep-2f, -0x1.5be0fap-32f, 0x1.7a5f32p-66f, -0x1.015d9p-97f,
    0x1.464964p-2f, -0x1.518d64p-32f, 0x1.1a35b2p-66f, -0x1.b2512cp-98f,
    0x1.e5ca36p-3f, -0x1.4a0012p-32f, 0x1.91f24p-67f, -0x1.80335p-98f,
    0x1.422c18p-3f, -0x1.44d75ap-32f, 0x1.024b4ep-67f, -0x1.60425ep-98f,
    0x1.412d5ep-4f, -0x1.41d5e4p-32f, 0x1.f9db52p-69f, -0x1.519e4p-98f,
    0.0f, 0.0f, 0.0f, 0.0f,
};
// clang-format on
#undef NDGPU_RNG_TABLE

// Where a kernel reads the table's rows. On a GPU: a block's shared copies (below), as this
// lane's 32-bit shared address less 1016 rows of 128 bytes, so that row key k (1016..1272)
// lies at base + k * 128 with no subtraction. Elsewhere: kNormalInverse itself.
struct NormalRows {
#ifdef __CUDA_ARCH__
  uint32_t base;
#else
  const float* rows = kNormalInverse;
#endif
};

#ifdef __CUDA_ARCH__
// Copies the table into the block's shared memory as 8 interleaved copies (row j of copy c at
// float4 8 j + c; 32.9 KB), lane l reading copy l % 8: the 8 lanes of a quarter-warp's 16-byte
// loads then hit 8 different bank groups whatever rows they pick. Every thread of the block
// must call it.
__device__ inline NormalRows stage_normal_rows() {
  __shared__ float4 copies[257 * 8];
  for (unsigned j = threadIdx.x; j < 257 * 8; j += blockDim.x)
    copies[j] = reinterpret_cast<const float4*>(kNormalInverse)[j / 8];
  __syncthreads();
  return NormalRows{(uint32_t)__cvta_generic_to_shared(copies + threadIdx.x % 8) - 1016u * 128u};
}
#else
inline NormalRows stage_normal_rows() {
  return NormalRows{};
}
#endif

// The standard normal of word w: m = 2w + 1 (odd), f = float(m) in [1, 2^32], the sample
// -Phi^-1(f 2^-33) with w's top bit as its sign. Row key bits(f) >> 20 is f's octave and the
// eighth of it; the cubic's variable d = f - (the eighth's first float) is exact. Within
// 3.6 ulp for |z| > 0.05, 1.2e-8 absolute nearer 0 (|z| reaches 6.36).
NDGPU_HD float normal_f32(uint32_t w, NormalRows t) {
  const float f = (float)(2u * w + 1u);
  const uint32_t b = bits_(f);
  float c0, c1, c2, c3;
#ifdef __CUDA_ARCH__
  // PTX's load, so that ptxas keeps the address one shift and one add.
  asm("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
      : "=f"(c0), "=f"(c1), "=f"(c2), "=f"(c3)
      : "r"(t.base + ((b >> 20) << 7)));
#else
  const float* row = t.rows + 4 * ((b >> 20) - 1016u);
  c0 = row[0], c1 = row[1], c2 = row[2], c3 = row[3];
#endif
  const float d = f - from_bits_(b & 0xFFF00000u);
  const float x = ::fmaf(::fmaf(::fmaf(c3, d, c2), d, c1), d, c0);
  return from_bits_(bits_(x) ^ (w & 0x80000000u));
}

}  // namespace ndgpu::rng
