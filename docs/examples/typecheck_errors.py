"""Mistakes the type checker must report against ndgpu's stubs: proves the stubs are real."""
import ndgpu as cp

cp.no_such_function(1)
cp.random.no_such_sampler(2)
cp.add.no_such_attribute
