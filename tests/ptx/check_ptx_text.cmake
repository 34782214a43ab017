# cmake -DNVCC=nvcc -DSOURCE=file.cu -DINCLUDE=dir -DARCH=100a -DROWS=rows.def -DSM=sm_100a
#       -P check_ptx_text.cmake
# writes the PTX of SOURCE for compute_ARCH and fails unless every spelling
# of ROWS whose min_sm is SM appears in it as an instruction.
set(ptx_file "${CMAKE_CURRENT_BINARY_DIR}/ptx_text_${ARCH}.ptx")
execute_process(COMMAND "${NVCC}" -std=c++20 "-I${INCLUDE}" -arch=compute_${ARCH} -ptx "${SOURCE}"
                        -o "${ptx_file}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx failed:\n${err}")
endif()
file(READ "${ptx_file}" ptx)
file(STRINGS "${ROWS}" rows REGEX "^TIRX_ROW\\(\"[^\"]+\", [0-9]+, [0-9]+, ${SM},")
list(LENGTH rows count)
if(count EQUAL 0)
  message(FATAL_ERROR "no ${SM} rows in ${ROWS}")
endif()
foreach(row IN LISTS rows)
  string(REGEX MATCH "\"([^\"]+)\"" _ "${row}")
  string(FIND "${ptx}" "${CMAKE_MATCH_1} " at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${CMAKE_MATCH_1} is not in the PTX of ${SOURCE}")
  endif()
endforeach()
message(STATUS "${count} ${SM} spellings of ${ROWS} found in the PTX")
