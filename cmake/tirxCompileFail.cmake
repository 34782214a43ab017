# Expected-failure compile check, run by ctest (see tirx_compile_fail_test):
#   cmake -DCOMPILER=... -DFLAGS=... -DINCLUDES=... -DSYSTEM_INCLUDES=...
#         -DSOURCE=... -DREGEX=... -P tirxCompileFail.cmake
# Passes only if compiling SOURCE fails AND the compiler output matches REGEX
# (and, with -DMAX_LINES=... -DMAX_BYTES=..., the output is no longer).
foreach(var COMPILER SOURCE REGEX)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "tirxCompileFail.cmake: -D${var}=... is required")
  endif()
endforeach()

set(args ${FLAGS})
foreach(dir IN LISTS INCLUDES)
  list(APPEND args "-I${dir}")
endforeach()
foreach(dir IN LISTS SYSTEM_INCLUDES)
  list(APPEND args -isystem "${dir}")
endforeach()

execute_process(COMMAND "${COMPILER}" ${args} "${SOURCE}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
list(JOIN args " " shown_args)
set(cmd "${COMPILER} ${shown_args} ${SOURCE}")

# Plain message() keeps the compiler output unwrapped.
if(rc EQUAL 0)
  message("${cmd}\n${out}")
  message(FATAL_ERROR "expected a compile error, but the source compiled")
elseif(NOT out MATCHES "${REGEX}")
  message("${cmd}\n${out}")
  message(FATAL_ERROR "compile failed (${rc}) as expected, but the output does not match "
                      "this regex:\n  ${REGEX}")
endif()
string(LENGTH "${out}" bytes)
string(REGEX MATCHALL "\n" newlines "${out}")
list(LENGTH newlines lines)
if(DEFINED MAX_LINES AND (lines GREATER MAX_LINES OR bytes GREATER MAX_BYTES))
  message("${cmd}\n${out}")
  message(FATAL_ERROR "the compiler's output is ${lines} lines and ${bytes} bytes, over the budget "
                      "of ${MAX_LINES} lines and ${MAX_BYTES} bytes (docs/diagnostics.md)")
endif()
message(STATUS "failed to compile as expected (${lines} lines, ${bytes} bytes), output matches '${REGEX}'")
