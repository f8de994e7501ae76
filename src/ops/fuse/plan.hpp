// A compiled fused function: its kernels, made once by Trace::compile, and what to pass them.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "kernel/elementwise/engine.hpp"
#include "kernel/reduction/engine.hpp"
#include "ops/fuse/graph.hpp"

namespace ndgpu::fuse {

// One generated kernel and the leaves it reads (its inputs, in order).
struct Step {
  std::vector<int> leaves;
  std::unique_ptr<kernel::ElementwiseDefinition> elementwise;
  std::unique_ptr<kernel::ReductionDefinition> reduction;
};

// A value the last kernel writes: a returned output, or an array argument updated in place.
struct Sink {
  int node;
  int arg_node = -1;  // the argument written, or -1 for a returned array
};

struct Plan {
  Graph graph;
  std::vector<bool> needed;      // leaves that some kernel or output reads
  std::vector<Step> reductions;  // by node (empty Steps elsewhere)
  std::vector<Sink> sinks;
  Step all_sinks;               // every sink in one kernel, when their shapes agree
  std::vector<Step> each_sink;  // one kernel per sink otherwise (only with 2 sinks or more)
  std::vector<int> outputs;     // >= 0: a sink; < 0: -(leaf node + 1), returned as it is
  bool plain = false;           // arguments straight into one elementwise kernel
};

// The kernels' source: the device function computing `results` from `leaves` (codegen.cpp).
Step elementwise_step(const Graph& g, const std::string& name, const std::vector<int>& results,
                      const std::vector<DType>& out_types);
Step reduction_step(const Graph& g, const std::string& name, int reduce_node);
// The leaves `roots` read through elementwise nodes, in node order.
std::vector<int> leaves_of(const Graph& g, const std::vector<int>& roots);

}  // namespace ndgpu::fuse
