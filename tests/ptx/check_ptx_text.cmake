# cmake -DNVCC=nvcc -DSOURCE=file.cu -DINCLUDE=dir -DARCH=100a [-DROWS=a.def[|b.def...] -DSM=sm_100a]
#       -P check_ptx_text.cmake
# writes the PTX of SOURCE for compute_ARCH and fails unless every spelling
# of the ROWS files ('|'-separated; none if not given) whose min_sm is SM
# appears in it as an instruction, and every `// ptx-text: REGEX` line of
# SOURCE (a CMake regular expression, no semicolons) matches it.
get_filename_component(stem "${SOURCE}" NAME_WE)
set(ptx_file "${CMAKE_CURRENT_BINARY_DIR}/ptx_text_${stem}_${ARCH}.ptx")
execute_process(COMMAND "${NVCC}" -std=c++20 "-I${INCLUDE}" -arch=compute_${ARCH} -ptx "${SOURCE}"
                        -o "${ptx_file}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx failed:\n${err}")
endif()
file(READ "${ptx_file}" ptx)
set(row_files "")
if(DEFINED ROWS)
  string(REPLACE "|" ";" row_files "${ROWS}")
endif()
set(count 0)
foreach(row_file IN LISTS row_files)
  file(STRINGS "${row_file}" rows REGEX "^TIRX_ROW\\(\"[^\"]+\", [0-9]+, [0-9]+, ${SM},")
  list(LENGTH rows n)
  if(n EQUAL 0)
    message(FATAL_ERROR "no ${SM} rows in ${row_file}")
  endif()
  math(EXPR count "${count} + ${n}")
  foreach(row IN LISTS rows)
    string(REGEX MATCH "\"([^\"]+)\"" _ "${row}")
    string(FIND "${ptx}" "${CMAKE_MATCH_1} " at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${CMAKE_MATCH_1} is not in the PTX of ${SOURCE}")
    endif()
  endforeach()
endforeach()
file(STRINGS "${SOURCE}" patterns REGEX "^// ptx-text: ")
list(LENGTH patterns npatterns)
foreach(line IN LISTS patterns)
  string(REGEX REPLACE "^// ptx-text: " "" pattern "${line}")
  if(NOT ptx MATCHES "${pattern}")
    message(FATAL_ERROR "no match for `${pattern}` in the PTX of ${SOURCE}")
  endif()
endforeach()
message(STATUS "${count} spellings of the row files and ${npatterns} patterns found in the PTX")
