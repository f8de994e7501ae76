# The Python package's type stubs (tools/stubs/make_stubs.py), written after _core is built:
# beside the sources in a development build, into the wheel (with py.typed) otherwise.
option(NDGPU_BUILD_STUBS "Write the Python package's type stubs after building _core" ON)
if(NOT NDGPU_BUILD_STUBS)
  return()
endif()
file(GLOB_RECURSE NDGPU_PY_PACKAGE CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/python/ndgpu/*.py)
set(NDGPU_STUB_SCRIPT ${CMAKE_CURRENT_SOURCE_DIR}/tools/stubs/make_stubs.py)
if(SKBUILD)
  # The package's sources and the new module together, importable, in the build folder.
  set(stage ${CMAKE_CURRENT_BINARY_DIR}/stub_stage)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/stubs/ndgpu)
  set(stage_commands
      COMMAND ${CMAKE_COMMAND} -E rm -rf ${stage} ${out}
      COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_CURRENT_SOURCE_DIR}/python/ndgpu
              ${stage}/ndgpu
      COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:_core> ${stage}/ndgpu/)
  install(DIRECTORY ${out}/ DESTINATION ndgpu)
else()
  set(stage ${CMAKE_CURRENT_SOURCE_DIR}/python)
  set(out ${CMAKE_CURRENT_SOURCE_DIR}/python/ndgpu)
  set(stage_commands)
endif()
add_custom_command(
  OUTPUT ${out}/__init__.pyi
  ${stage_commands}
  COMMAND ${CMAKE_COMMAND} -E env NDGPU_NVRTC_WARM_UP=0 ${Python_EXECUTABLE} ${NDGPU_STUB_SCRIPT}
          --import-path ${stage} --out ${out}
  DEPENDS _core ${NDGPU_STUB_SCRIPT} ${CMAKE_CURRENT_SOURCE_DIR}/tools/stubs/patterns.txt
          ${NDGPU_PY_PACKAGE}
  COMMENT "Writing the Python package's type stubs"
  VERBATIM)
add_custom_target(ndgpu_stubs ALL DEPENDS ${out}/__init__.pyi)
