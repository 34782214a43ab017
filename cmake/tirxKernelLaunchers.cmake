# tirx_kernel_launchers(NAME [TIMED]): a static library of kernel_list's
# launchers (benchmarks/kernel_list.hpp): tirx's kernels and the CUDA twins,
# one translation unit each, compiled side by side. TIMED: optimized with
# tirx's run-time debug checks off in every build type (the benchmarks);
# without it the checks follow the build type (the size sweep's tests).
function(tirx_kernel_launchers name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "TIMED" "" "")
  add_library(${name} STATIC
    "${PROJECT_SOURCE_DIR}/benchmarks/launch_tirx.cu"
    "${PROJECT_SOURCE_DIR}/benchmarks/launch_twins.cu")
  set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${TIRX_CUDA_ARCHS}")
  # "kernels/...", "benchmarks/kernel_list.hpp" from the root; "twins/..." from benchmarks/
  target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}"
                                     PRIVATE "${PROJECT_SOURCE_DIR}/benchmarks")
  target_link_libraries(${name} PUBLIC tirx::tirx PRIVATE tirx_warnings)
  if(arg_TIMED)
    target_compile_definitions(${name} PRIVATE NDEBUG TIRX_NO_DEBUG_CHECKS)
    target_compile_options(${name} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:-O3>")
  endif()
endfunction()
