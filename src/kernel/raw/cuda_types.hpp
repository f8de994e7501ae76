// The C types of a user kernel's parameters: what each accepts (arrays, scalars, records) and,
// for types passed by value, their size and alignment as CUDA lays them out: scalars, CUDA's
// vector types (double3: 24 bytes, aligned to 8) and the structs the source declares.
#pragma once
#include <map>
#include <optional>
#include <string>

#include "ndgpu/dtype.hpp"

namespace ndgpu::kernel {

struct TypeLayout {
  size_t size = 0;
  size_t align = 0;
  bool operator==(const TypeLayout&) const = default;
};

class TypeLayouts;

// What a parameter type accepts.
struct ParamType {
  enum Kind { Pointer, Value, Unknown } kind = Unknown;
  std::optional<DType> dtype;        // element type of a pointer, or a value's type, when known;
                                     // for CUDA vector types (double3) the element's
  bool any_pointer = false;          // void*, char*, unsigned char*: any array may be passed
  int lanes = 0;                     // a CUDA vector type's element count (double3: 3)
  std::optional<TypeLayout> layout;  // by value: sizeof and alignof, when known
  // A value that is neither a scalar nor a pointer: a vector type or a struct.
  bool aggregate() const { return kind == Value && (lanes || !dtype); }
};

// `type` as written in a parameter list ("const double3", "float* __restrict__"). Structs are
// looked up in `declared` (the source's own types) when given.
ParamType classify_param_type(const std::string& type, const TypeLayouts* declared = nullptr);

// The structs, classes, unions and type aliases a CUDA source declares, with their layouts
// computed by C's rules (members in order at their alignment, alignas/__align__ honoured).
// A type whose members cannot all be read (bit fields, templates, unknown member types)
// is known by name with no layout.
class TypeLayouts {
 public:
  TypeLayouts() = default;
  explicit TypeLayouts(const std::string& source);
  // The layout of a declared type by name ("Particle", "ns::Particle"); nullopt when the
  // source does not declare it, or declares it without a readable layout.
  std::optional<TypeLayout> find(const std::string& name) const;
  bool declares(const std::string& name) const;
  // What an alias (typedef, using) names, followed through aliases of aliases; nullopt for
  // a name that is no alias.
  std::optional<std::string> alias(const std::string& name) const;

 private:
  void declare(const std::string& name, std::optional<TypeLayout> layout);
  std::map<std::string, std::optional<TypeLayout>> types_;
  std::map<std::string, std::string> aliases_;
};

}  // namespace ndgpu::kernel
