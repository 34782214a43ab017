# cmake -DNVCC=nvcc -DSOURCE=file.cu -DINCLUDE=dir[|dir...] -DOUT=file.cubin -P check_debug_shape.cmake
# compiles SOURCE for sm_90a with ptxas -v and fails when ptxas reports a wgmma
# performance note (C7510 serialized by a call, C7520 serialized by a branch,
# C7519 an injected warpgroup.arrive, or any other C75xx) or a kernel with a
# stack frame; prints each kernel's registers and stack line.
string(REPLACE "|" ";" include_dirs "${INCLUDE}")
set(include_flags "")
foreach(dir IN LISTS include_dirs)
  list(APPEND include_flags "-I${dir}")
endforeach()
execute_process(COMMAND "${NVCC}" -std=c++20 ${include_flags} -gencode=arch=compute_90a,code=sm_90a
                        -Xptxas -v -cubin "${SOURCE}" -o "${OUT}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(log "${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc failed:\n${log}")
endif()
string(REGEX MATCHALL "Compiling entry function" entries "${log}")
list(LENGTH entries n)
if(n LESS 2)
  message(FATAL_ERROR "expected the GEMM kernel and wgmma_tile in the ptxas output:\n${log}")
endif()
string(REGEX MATCHALL "[^\n]*\\(C75[0-9][0-9]\\)[^\n]*" notes "${log}")
string(REGEX MATCHALL "[^\n]*[1-9][0-9]* bytes stack frame[^\n]*" frames "${log}")
string(REGEX MATCHALL "[^\n]*(Compiling entry function|Used [0-9]+ registers|bytes stack frame)[^\n]*"
       summary "${log}")
string(REPLACE ";" "\n" summary "${summary}")
message(STATUS "${n} kernels built with debug checks:\n${summary}")
if(notes OR frames)
  string(REPLACE ";" "\n" notes "${notes}")
  string(REPLACE ";" "\n" frames "${frames}")
  message(FATAL_ERROR "debug checks changed the code's shape:\n${notes}\n${frames}")
endif()
