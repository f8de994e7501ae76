# The CMake package: `cmake --install build --prefix P` puts the public headers, the static
# library and a config under P, so another project writes find_package(ndgpu) and links
# ndgpu::ndgpu. The device headers are embedded in the library; a copy goes to
# share/ndgpu/device for reading, with the ahead-of-time packs (NDGPU_AOT_PACK and
# NDGPU_CPU_AOT_PACK point at them).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS ndgpu EXPORT ndgpuTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/ndgpu DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY device/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ndgpu/device)
if(NDGPU_AOT_ARCHS)
  install(FILES ${NDGPU_AOT_PACK_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/ndgpu OPTIONAL)
endif()
if(NDGPU_CPU_AOT)
  install(FILES ${NDGPU_CPU_AOT_PACK_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/ndgpu OPTIONAL)
endif()

set(NDGPU_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ndgpu)
install(EXPORT ndgpuTargets NAMESPACE ndgpu:: DESTINATION ${NDGPU_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ndgpuConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/ndgpuConfig.cmake
                              INSTALL_DESTINATION ${NDGPU_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/ndgpuConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/ndgpuConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/ndgpuConfigVersion.cmake DESTINATION ${NDGPU_CMAKE_DIR})
