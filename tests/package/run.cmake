# Packaging test driver, run by ctest (tests/CMakeLists.txt) as
#   cmake -DROUTE=install|add_subdirectory|vendor|docs_examples -DWORK_DIR=... -P run.cmake
# Builds the consumer in this folder outside the tree (in WORK_DIR) with the
# outer build's generator and compilers, runs it, and deletes WORK_DIR.
# docs_examples installs tirx as the install route does and builds, through
# find_package alone, every program of docs/examples (compiled, not run: the
# consumer's target docs_examples); the build's time is printed.
cmake_minimum_required(VERSION 3.22)

set(consumer "${CMAKE_CURRENT_LIST_DIR}")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Runs a command; on failure prints its output, cleans up and fails the test.
function(step)
  list(JOIN ARGN " " shown)
  message(STATUS "+ ${shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    file(REMOVE_RECURSE "${WORK_DIR}")
    message("${out}")
    message(FATAL_ERROR "failed (${rc}): ${shown}")
  endif()
  message("${out}")
endfunction()

set(config_args "")
set(cmake_args -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_CUDA_COMPILER=${CUDA}")
if(MAKE_PROGRAM)
  list(APPEND cmake_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
if(CUDA_HOST)
  list(APPEND cmake_args "-DCMAKE_CUDA_HOST_COMPILER=${CUDA_HOST}")
endif()
if(CONFIG)
  list(APPEND cmake_args "-DCMAKE_BUILD_TYPE=${CONFIG}")
  set(config_args --config "${CONFIG}")
endif()

if(ROUTE STREQUAL "install" OR ROUTE STREQUAL "add_subdirectory")
  if(ROUTE STREQUAL "install")
    step("${CMAKE_COMMAND}" --install "${TIRX_BUILD_DIR}" --prefix "${WORK_DIR}/prefix" ${config_args})
    list(APPEND cmake_args -DTIRX_CONSUME=find_package "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
  else()
    list(APPEND cmake_args -DTIRX_CONSUME=add_subdirectory "-DTIRX_SOURCE_DIR=${TIRX_SOURCE_DIR}")
  endif()
  step("${CMAKE_COMMAND}" -S "${consumer}" -B "${WORK_DIR}/build" ${cmake_args})
  step("${CMAKE_COMMAND}" --build "${WORK_DIR}/build" ${config_args})
  step("${WORK_DIR}/build/app")
elseif(ROUTE STREQUAL "docs_examples")
  step("${CMAKE_COMMAND}" --install "${TIRX_BUILD_DIR}" --prefix "${WORK_DIR}/prefix" ${config_args})
  list(APPEND cmake_args -DTIRX_CONSUME=find_package "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix"
       "-DTIRX_DOCS_EXAMPLES_DIR=${TIRX_SOURCE_DIR}/docs/examples")
  step("${CMAKE_COMMAND}" -S "${consumer}" -B "${WORK_DIR}/build" ${cmake_args})
  if(NOT PARALLEL)
    set(PARALLEL 2) # the test holds 2 of ctest's processors (tests/CMakeLists.txt)
  endif()
  string(TIMESTAMP start "%s")
  step("${CMAKE_COMMAND}" --build "${WORK_DIR}/build" --target docs_examples --parallel ${PARALLEL}
       ${config_args})
  string(TIMESTAMP end "%s")
  math(EXPR seconds "${end} - ${start}")
  message(STATUS "the docs examples built against the installed package in ${seconds} s")
elseif(ROUTE STREQUAL "vendor")
  # Only include/tirx is copied; the CUDA headers are a documented dependency.
  file(COPY "${TIRX_SOURCE_DIR}/include/tirx" DESTINATION "${WORK_DIR}/include")
  set(system_includes "")
  foreach(dir IN LISTS CUDA_INCLUDE_DIRS)
    list(APPEND system_includes -isystem "${dir}")
  endforeach()
  step("${CXX}" -std=c++20 "-I${WORK_DIR}/include" ${system_includes}
       "${consumer}/main.cpp" -o "${WORK_DIR}/app")
  step("${WORK_DIR}/app")
  set(ccbin "")
  if(CUDA_HOST)
    set(ccbin -ccbin "${CUDA_HOST}")
  endif()
  step("${CUDA}" -std=c++20 -arch=sm_90a ${ccbin} "-I${WORK_DIR}/include"
       -c "${consumer}/kernel.cu" -o "${WORK_DIR}/kernel.o")
else()
  message(FATAL_ERROR "unknown ROUTE '${ROUTE}'")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "package.${ROUTE}: ok")
