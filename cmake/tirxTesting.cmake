# Test helpers for tirx's own tests. Every folder that registers tests
# includes this file itself (tests/ and docs/: include(tirxTesting)); the
# variables are set in the scope of each folder that includes it, the targets
# and functions are defined once.
#
#   tirx_host_test(NAME SOURCES...)
#       Host program (C++ compiler) with Catch2's main; ctest label "host".
#   tirx_gpu_test(NAME SOURCES...)
#       CUDA program for TIRX_CUDA_ARCHS; ctest label "gpu". It must exit 77 when
#       there is no GPU (see tests/support/gpu_check.hpp); ctest then reports "skipped".
#       Its target is listed in the global property tirx_gpu_test_targets (the
#       top-level TIRX_GPU_TESTS_COMPILE_ONLY compiles them to PTX only).
#   tirx_device_compile_test(NAME SOURCE)
#       .cu compiled for sm_80, sm_90a (and sm_100a when nvcc has it) as part of
#       "all". Building is the test; nothing is registered in ctest.
#   tirx_compile_fail_test(NAME SOURCE REGEX [NVCC])
#       ctest (label "compile-fail") that passes only if SOURCE fails to compile
#       and the compiler output matches REGEX. Host compiler with -fsyntax-only,
#       or nvcc for sm_90a with NVCC.
#   tirx_compile_fail_tests(DIRS DIR... [PREFIX P] [NVCC_PREFIX P] [FIXED_TEST NAME])
#       One tirx_compile_fail_test per *.cpp and *.cu under the DIRs (searched
#       recursively), its expectation read from comments in the source:
#         // expected-error {{MESSAGE}}
#             MESSAGE written plainly, not as a regex: by default a static_assert
#             text, and the output must hold "static assertion failed" followed
#             by MESSAGE (g++ writes `static assertion failed: MESSAGE`, nvcc
#             `static assertion failed with "MESSAGE"`)
#         // expected-error-re {{REGEX}}
#             the output must match REGEX
#         // tirx-fail: WORD...   (optional)
#             host    compile with the host compiler (the default for a .cpp)
#             nvcc    compile with nvcc for sm_90a (the default, and the only
#                     choice, for a .cu); `host nvcc` registers both tests
#             text    MESSAGE is no static_assert: it only has to appear in the
#                     output (e.g. the compiler quotes the source line holding it)
#             TARGET  nvcc compiles for TARGET instead of sm_90a (an
#                     architecture rule): sm_NN[a] is -arch=sm_NN[a],
#                     gencode_NN[a] is -gencode=arch=compute_NN[a],code=sm_NN[a].
#                     Several TARGETs: one test each, the first named
#                     NVCC_PREFIX.NAME, the others NVCC_PREFIX.NAME.TARGET,
#                     all with the same expectation. The fix still builds
#                     for sm_90a.
#         // tirx-builds: TARGET...   (optional)
#             the source as it is (no TIRX_FIXED) compiles for each TARGET
#             (an architecture rule that a target lifts): test
#             NVCC_PREFIX.builds.TARGET compiles every such source in one
#             translation unit with warnings as errors. A TARGET of sm_100
#             or newer is left out when nvcc cannot compile for it.
#       Exactly one expected-error line per source, on one line (the
#       .clang-format's CommentPragmas keep clang-format from wrapping it). In
#       the regex, a `;` (a CMake list separator) matches any one character.
#       The test of NAME.cpp or NAME.cu is PREFIX.NAME with the host compiler
#       (default compile_fail), NVCC_PREFIX.NAME with nvcc (default
#       compile_fail.nvcc). FIXED_TEST: every .cu also holds its fix under
#       #ifdef TIRX_FIXED; test NAME compiles all the fixes in one translation
#       unit with warnings as errors (so each source fails for its mistake alone).
#       With Python, the nvcc cases of one architecture are compiled
#       TIRX_COMPILE_FAIL_BATCH at a time (test PREFIX.batch.ARCH.K, a fixture
#       of its cases' tests; tests/tools/compile_fail_batch.py says how each
#       error is traced to its case, and a case the batch cannot show is
#       compiled alone). Each nvcc case's diagnostic (its error line, the
#       source line, the caret and the instantiation chain) must stay within
#       TIRX_DIAGNOSTIC_LINES lines and TIRX_DIAGNOSTIC_BYTES bytes
#       (docs/diagnostics.md); a case over it fails. A host compiler's whole
#       output stays within TIRX_HOST_DIAGNOSTIC_LINES and _BYTES.
#   tirx_header_tests()
#       Every include/tirx/**/*.hpp compiles on its own with the host compiler
#       (warnings as errors), and <tirx/tile.hpp> compiles with nvcc.
#
# Variables:
#   TIRX_TESTS_DIR             tests/: on the include path of every test target
#                              (its helpers: #include "support/gpu_check.hpp")
#   TIRX_DEVICE_COMPILE_ARCHS  the architectures of tirx_device_compile_test
#                              (SASS only: ptxas runs for each)
#
# Every test target sees the tirx headers, the CUDA headers and tests/.

set(TIRX_TESTS_DIR "${PROJECT_SOURCE_DIR}/tests")
set(TIRX_DIAGNOSTIC_LINES 10 CACHE STRING
    "the most lines one compile-fail diagnostic of nvcc may print (docs/diagnostics.md)")
set(TIRX_DIAGNOSTIC_BYTES 5120 CACHE STRING
    "the most bytes one compile-fail diagnostic of nvcc may print (docs/diagnostics.md)")
set(TIRX_HOST_DIAGNOSTIC_LINES 40 CACHE STRING
    "the most lines the host compiler may print for one compile-fail source (docs/diagnostics.md)")
set(TIRX_HOST_DIAGNOSTIC_BYTES 6144 CACHE STRING
    "the most bytes the host compiler may print for one compile-fail source (docs/diagnostics.md)")

# (nvcc is asked once per configure; each includer gets the answer)
get_property(TIRX_DEVICE_COMPILE_ARCHS GLOBAL PROPERTY tirx_device_compile_archs)
if(NOT TIRX_DEVICE_COMPILE_ARCHS)
  set(TIRX_DEVICE_COMPILE_ARCHS 80-real 90a-real)
  execute_process(COMMAND "${CMAKE_CUDA_COMPILER}" --list-gpu-code
                  OUTPUT_VARIABLE tirx_gpu_codes_ ERROR_QUIET)
  if(tirx_gpu_codes_ MATCHES "sm_100")
    list(APPEND TIRX_DEVICE_COMPILE_ARCHS 100a-real)
  endif()
  set_property(GLOBAL PROPERTY tirx_device_compile_archs "${TIRX_DEVICE_COMPILE_ARCHS}")
endif()

# The rest once per configure: a second include stops here.
include_guard(GLOBAL)

find_package(Catch2 2 REQUIRED)

# Catch2's main(), compiled once and linked into every host test.
add_library(tirx_catch_main OBJECT "${TIRX_TESTS_DIR}/support/catch_main.cpp")
target_link_libraries(tirx_catch_main PUBLIC Catch2::Catch2)
target_compile_features(tirx_catch_main PUBLIC cxx_std_20)

function(tirx_host_test name)
  if(NOT ARGN)
    message(FATAL_ERROR "tirx_host_test(${name}): no sources")
  endif()
  add_executable(${name} ${ARGN})
  target_include_directories(${name} PRIVATE "${TIRX_TESTS_DIR}")
  target_link_libraries(${name} PRIVATE tirx::tirx tirx_warnings tirx_catch_main)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS host)
endfunction()

function(tirx_gpu_test name)
  if(NOT ARGN)
    message(FATAL_ERROR "tirx_gpu_test(${name}): no sources")
  endif()
  add_executable(${name} ${ARGN})
  set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${TIRX_CUDA_ARCHS}")
  set_property(GLOBAL APPEND PROPERTY tirx_gpu_test_targets ${name})
  target_include_directories(${name} PRIVATE "${TIRX_TESTS_DIR}")
  target_link_libraries(${name} PRIVATE tirx::tirx tirx_warnings)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
endfunction()

function(tirx_device_compile_test name source)
  add_library(${name} OBJECT "${source}")
  set_target_properties(${name} PROPERTIES CUDA_ARCHITECTURES "${TIRX_DEVICE_COMPILE_ARCHS}")
  target_include_directories(${name} PRIVATE "${TIRX_TESTS_DIR}")
  target_link_libraries(${name} PRIVATE tirx::tirx tirx_warnings)
endfunction()

# The nvcc flag of a compile-fail TARGET word: sm_NN[a] or gencode_NN[a].
function(tirx_target_flag word out)
  if(word MATCHES "^sm_[0-9]+a?$")
    set(${out} "-arch=${word}" PARENT_SCOPE)
  elseif(word MATCHES "^gencode_([0-9]+a?)$")
    set(${out} "-gencode=arch=compute_${CMAKE_MATCH_1},code=sm_${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "not a compile-fail target: ${word} (sm_NN[a] or gencode_NN[a])")
  endif()
endfunction()

# Whether nvcc compiles for a TARGET word (sm_100 and newer only where it lists them).
function(tirx_target_available word out)
  string(REGEX MATCH "[0-9]+" sm "${word}")
  set(ok ON)
  if(sm GREATER_EQUAL 100 AND NOT "100a-real" IN_LIST TIRX_DEVICE_COMPILE_ARCHS)
    set(ok OFF)
  endif()
  set(${out} ${ok} PARENT_SCOPE)
endfunction()

function(tirx_compile_fail_test name source regex)
  cmake_parse_arguments(PARSE_ARGV 3 arg "NVCC" "ARCH" "")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tirx_compile_fail_test(${name}): unexpected ${arg_UNPARSED_ARGUMENTS}")
  endif()
  cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
  set(budget "")
  if(arg_NVCC)
    set(compiler "${CMAKE_CUDA_COMPILER}")
    if(NOT arg_ARCH)
      set(arg_ARCH sm_90a)
    endif()
    tirx_target_flag(${arg_ARCH} target)
    set(flags -std=c++20 ${target} -x cu -c -o /dev/null)
    if(CMAKE_CUDA_HOST_COMPILER)
      list(APPEND flags -ccbin "${CMAKE_CUDA_HOST_COMPILER}")
    endif()
  else()
    set(compiler "${CMAKE_CXX_COMPILER}")
    set(flags -std=c++20 -fsyntax-only)
    set(budget "-DMAX_LINES=${TIRX_HOST_DIAGNOSTIC_LINES}" "-DMAX_BYTES=${TIRX_HOST_DIAGNOSTIC_BYTES}")
  endif()
  add_test(NAME ${name} COMMAND "${CMAKE_COMMAND}"
    "-DCOMPILER=${compiler}"
    "-DFLAGS=${flags}"
    "-DINCLUDES=${PROJECT_SOURCE_DIR}/include;${TIRX_TESTS_DIR}"
    "-DSYSTEM_INCLUDES=${TIRX_CUDA_INCLUDE_DIRS}"
    "-DSOURCE=${source}"
    "-DREGEX=${regex}"
    ${budget}
    -P "${PROJECT_SOURCE_DIR}/cmake/tirxCompileFail.cmake")
  set_tests_properties(${name} PROPERTIES LABELS compile-fail)
endfunction()

function(tirx_compile_fail_tests)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "PREFIX;NVCC_PREFIX;FIXED_TEST" "DIRS")
  if(arg_UNPARSED_ARGUMENTS OR NOT arg_DIRS)
    message(FATAL_ERROR "tirx_compile_fail_tests(DIRS DIR... [PREFIX P] [NVCC_PREFIX P] "
                        "[FIXED_TEST NAME]): ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT DEFINED arg_PREFIX)
    set(arg_PREFIX compile_fail)
  endif()
  if(NOT DEFINED arg_NVCC_PREFIX)
    set(arg_NVCC_PREFIX compile_fail.nvcc)
  endif()
  set(sources "")
  foreach(dir IN LISTS arg_DIRS)
    cmake_path(ABSOLUTE_PATH dir BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    file(GLOB_RECURSE found CONFIGURE_DEPENDS "${dir}/*.cpp" "${dir}/*.cu")
    list(APPEND sources ${found})
  endforeach()
  list(SORT sources)
  set(fixed_sources "")
  # nvcc cases are checked TIRX_COMPILE_FAIL_BATCH at a time when Python is
  # here (tests/tools/compile_fail_batch.py: one nvcc run reports every case's
  # error; a case the batch cannot show is compiled alone); 1 or no Python:
  # one nvcc run per case.
  find_package(Python3 COMPONENTS Interpreter QUIET)
  set(batching OFF)
  if(Python3_Interpreter_FOUND AND TIRX_COMPILE_FAIL_BATCH GREATER 1)
    set(batching ON)
  endif()
  set(batch_archs "")
  set(build_targets "")
  foreach(source IN LISTS sources)
    # an edited expectation must re-run the configure step
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${source}")
    cmake_path(GET source STEM LAST_ONLY name)
    cmake_path(GET source EXTENSION LAST_ONLY ext)
    file(READ "${source}" text)
    string(REGEX MATCHALL "// expected-error" lines "${text}")
    list(LENGTH lines count)
    if(NOT count EQUAL 1 OR NOT text MATCHES "// expected-error(-re)? {{([^\n]*)}}")
      message(FATAL_ERROR "${source}: give exactly one `// expected-error {{MESSAGE}}` "
                          "(or `// expected-error-re {{REGEX}}`) line")
    endif()
    set(is_regex "${CMAKE_MATCH_1}")
    set(message "${CMAKE_MATCH_2}")
    set(words "")
    if(text MATCHES "// tirx-fail:([^\n]*)")
      string(REGEX MATCHALL "[^ \t]+" words "${CMAKE_MATCH_1}")
    endif()
    set(compilers "")
    set(text_mode OFF)
    set(archs "")
    foreach(word IN LISTS words)
      if(word STREQUAL "host" OR word STREQUAL "nvcc")
        list(APPEND compilers ${word})
      elseif(word STREQUAL "text")
        set(text_mode ON)
      elseif(word MATCHES "^(sm|gencode)_[0-9]+a?$")
        tirx_target_available(${word} ok)
        if(ok)
          list(APPEND archs ${word})
        endif()
      else()
        message(FATAL_ERROR "${source}: `// tirx-fail:` takes host, nvcc, text and targets "
                            "(sm_NN[a], gencode_NN[a]), not ${word}")
      endif()
    endforeach()
    if(NOT archs)
      set(archs sm_90a)
    endif()
    if(text MATCHES "// tirx-builds:([^\n]*)")
      string(REGEX MATCHALL "[^ \t]+" built "${CMAKE_MATCH_1}")
      foreach(word IN LISTS built)
        tirx_target_flag(${word} unused)
        tirx_target_available(${word} ok)
        if(ok)
          list(APPEND builds_${word} "${source}")
          list(APPEND build_targets ${word})
        endif()
      endforeach()
    endif()
    if(NOT compilers)
      set(compilers host)
      if(ext STREQUAL ".cu")
        set(compilers nvcc)
      endif()
    elseif(ext STREQUAL ".cu" AND "host" IN_LIST compilers)
      message(FATAL_ERROR "${source}: a .cu source is compiled by nvcc only")
    endif()
    if(is_regex)
      set(regex "${message}")
    else()
      string(REGEX REPLACE "([][\\.*+?^$(){}|])" "\\\\\\1" regex "${message}")
    endif()
    string(REPLACE ";" "." regex "${regex}")
    if(NOT is_regex AND NOT text_mode)
      set(regex "static assertion failed(: | with .)${regex}")
    endif()
    foreach(compiler IN LISTS compilers)
      if(compiler STREQUAL "nvcc")
        list(GET archs 0 first_arch)
        foreach(arch IN LISTS archs)
          set(test "${arg_NVCC_PREFIX}.${name}")
          if(NOT arch STREQUAL first_arch)
            string(APPEND test ".${arch}")
          endif()
          if(batching)
            # checked in a batch of its architecture (below)
            string(HEX "${regex}" regex_hex)
            list(APPEND batch_${arch} "${test}\t${source}\t${regex_hex}")
            list(APPEND batch_archs ${arch})
          else()
            tirx_compile_fail_test(${test} "${source}" "${regex}" NVCC ARCH ${arch})
          endif()
        endforeach()
      else()
        tirx_compile_fail_test(${arg_PREFIX}.${name} "${source}" "${regex}")
      endif()
    endforeach()
    if(ext STREQUAL ".cu")
      list(APPEND fixed_sources "${source}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES batch_archs)
  foreach(arch IN LISTS batch_archs)
    tirx_compile_fail_batches(${arch} "${arg_NVCC_PREFIX}" ${batch_${arch}})
  endforeach()
  list(REMOVE_DUPLICATES build_targets)
  foreach(word IN LISTS build_targets)
    tirx_compile_fail_builds(${word} "${arg_NVCC_PREFIX}.builds.${word}" ${builds_${word}})
  endforeach()
  if(NOT arg_FIXED_TEST)
    return()
  endif()

  # the fixes: every .cu with -DTIRX_FIXED, in one translation unit
  set(content "// generated by tirx_compile_fail_tests(): every compile-fail .cu, fixed\n")
  foreach(source IN LISTS fixed_sources)
    string(APPEND content "#include \"${source}\"\n")
  endforeach()
  file(CONFIGURE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/fixed.cu" CONTENT "${content}" @ONLY)
  set(flags -std=c++20 -arch=sm_90a -x cu -c -o /dev/null -DTIRX_FIXED
      -Werror=all-warnings -Xcompiler=-Wall,-Werror "-I${PROJECT_SOURCE_DIR}/include" "-I${TIRX_TESTS_DIR}")
  if(CMAKE_CUDA_HOST_COMPILER)
    list(APPEND flags -ccbin "${CMAKE_CUDA_HOST_COMPILER}")
  endif()
  foreach(dir IN LISTS TIRX_CUDA_INCLUDE_DIRS)
    list(APPEND flags -isystem "${dir}")
  endforeach()
  add_test(NAME ${arg_FIXED_TEST}
           COMMAND "${CMAKE_CUDA_COMPILER}" ${flags} "${CMAKE_CURRENT_BINARY_DIR}/fixed.cu")
  set_tests_properties(${arg_FIXED_TEST} PROPERTIES LABELS compile-fail)
endfunction()

# The batches of one architecture's nvcc cases (ARGN: NAME\tSOURCE\tREGEX
# in hex, each): test PREFIX.batch.ARCH.K compiles batch K (a ctest fixture) and
# writes one result per case; each case stays a test of its own that reads
# its result.
function(tirx_compile_fail_batches arch prefix)
  tirx_target_flag(${arch} target)
  set(command "${CMAKE_CUDA_COMPILER}" -std=c++20 ${target} -x cu -c -o /dev/null)
  if(CMAKE_CUDA_HOST_COMPILER)
    list(APPEND command -ccbin "${CMAKE_CUDA_HOST_COMPILER}")
  endif()
  list(APPEND command "-I${PROJECT_SOURCE_DIR}/include" "-I${TIRX_TESTS_DIR}")
  foreach(dir IN LISTS TIRX_CUDA_INCLUDE_DIRS)
    list(APPEND command -isystem "${dir}")
  endforeach()
  list(JOIN command "\t" header)
  set(script "${TIRX_TESTS_DIR}/tools/compile_fail_batch.py")
  set(results "${CMAKE_CURRENT_BINARY_DIR}/compile_fail_results")
  list(LENGTH ARGN count)
  set(k 0)
  set(i 0)
  while(i LESS count)
    set(batch "${prefix}.batch.${arch}.${k}")
    set(manifest "${header}\n")
    set(n 0)
    while(i LESS count AND n LESS TIRX_COMPILE_FAIL_BATCH)
      list(GET ARGN ${i} case)
      string(APPEND manifest "${case}\n")
      string(REGEX MATCH "^[^\t]+" name "${case}")
      add_test(NAME ${name} COMMAND "${Python3_EXECUTABLE}" "${script}" check "${results}/${name}.result")
      set_tests_properties(${name} PROPERTIES LABELS compile-fail FIXTURES_REQUIRED ${batch})
      math(EXPR i "${i} + 1")
      math(EXPR n "${n} + 1")
    endwhile()
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${batch}.manifest" "${manifest}")
    add_test(NAME ${batch}
             COMMAND "${Python3_EXECUTABLE}" "${script}" run "${CMAKE_CURRENT_BINARY_DIR}/${batch}.manifest"
                     "${results}" --budget ${TIRX_DIAGNOSTIC_LINES} ${TIRX_DIAGNOSTIC_BYTES})
    set_tests_properties(${batch} PROPERTIES LABELS compile-fail FIXTURES_SETUP ${batch})
    math(EXPR k "${k} + 1")
  endwhile()
endfunction()

# Test NAME: the sources (each in a namespace of its own), as they are,
# compile together for TARGET with warnings as errors.
function(tirx_compile_fail_builds word name)
  string(MAKE_C_IDENTIFIER "${name}" stem)
  set(content "// generated by tirx_compile_fail_tests(): the sources that compile for ${word}\n")
  foreach(source IN LISTS ARGN)
    string(APPEND content "#include \"${source}\"\n")
  endforeach()
  file(CONFIGURE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${stem}.cu" CONTENT "${content}" @ONLY)
  tirx_target_flag(${word} target)
  set(flags -std=c++20 ${target} -x cu -c -o /dev/null -Werror=all-warnings
      -Xcompiler=-Wall,-Werror "-I${PROJECT_SOURCE_DIR}/include" "-I${TIRX_TESTS_DIR}")
  if(CMAKE_CUDA_HOST_COMPILER)
    list(APPEND flags -ccbin "${CMAKE_CUDA_HOST_COMPILER}")
  endif()
  foreach(dir IN LISTS TIRX_CUDA_INCLUDE_DIRS)
    list(APPEND flags -isystem "${dir}")
  endforeach()
  add_test(NAME ${name} COMMAND "${CMAKE_CUDA_COMPILER}" ${flags} "${CMAKE_CURRENT_BINARY_DIR}/${stem}.cu")
  set_tests_properties(${name} PROPERTIES LABELS compile-fail)
endfunction()

function(tirx_header_tests)
  set(include_dir "${PROJECT_SOURCE_DIR}/include")
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/header_tests")
  file(GLOB_RECURSE headers CONFIGURE_DEPENDS RELATIVE "${include_dir}"
       "${include_dir}/tirx/*.hpp")
  set(sources "")
  foreach(header IN LISTS headers)
    # Included twice: a missing include guard / #pragma once shows up as an error.
    file(CONFIGURE OUTPUT "${out_dir}/${header}.cpp" @ONLY CONTENT
         "// generated by tirx_header_tests()\n#include <${header}>\n#include <${header}>\n")
    list(APPEND sources "${out_dir}/${header}.cpp")
  endforeach()
  add_library(tirx_header_tests_host OBJECT ${sources})
  target_link_libraries(tirx_header_tests_host PRIVATE tirx::tirx tirx_warnings)

  # nvcc: the umbrella header only (one .cu per header would double the time).
  file(CONFIGURE OUTPUT "${out_dir}/tile.hpp.cu" @ONLY CONTENT
       "// generated by tirx_header_tests()\n#include <tirx/tile.hpp>\n#include <tirx/tile.hpp>\n")
  # The same with CCCL's public headers instead of the internal ones core/cccl.hpp
  # names (its fallback when CCCL moves them).
  file(CONFIGURE OUTPUT "${out_dir}/tile_public_cccl.cu" @ONLY CONTENT
       "// generated by tirx_header_tests()\n#define TIRX_CCCL_PUBLIC_HEADERS\n#include <tirx/tile.hpp>\n")
  add_library(tirx_header_tests_cuda OBJECT "${out_dir}/tile.hpp.cu" "${out_dir}/tile_public_cccl.cu")
  set_target_properties(tirx_header_tests_cuda PROPERTIES CUDA_ARCHITECTURES "${TIRX_CUDA_ARCHS}")
  target_link_libraries(tirx_header_tests_cuda PRIVATE tirx::tirx tirx_warnings)
endfunction()
