# Compiles one probe file with a layer's include path and checks the outcome the probe's name asks
# for: EXPECT=compiles, or EXPECT=not-found (the compile fails because an included header is not on
# the path, which is how an upward include must fail; any other error fails the check).
#   cmake -DCOMPILER=… -DEXPECT=compiles|not-found -DSOURCE=… -DINCLUDES=dir|dir|… -P layer_probe.cmake

string(REPLACE "|" ";" includes "${INCLUDES}")
set(flags)
foreach(dir IN LISTS includes)
  list(APPEND flags -I${dir})
endforeach()
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fPIC -fsyntax-only ${flags} ${SOURCE}
  RESULT_VARIABLE result
  ERROR_VARIABLE errors
  OUTPUT_VARIABLE output)

if(EXPECT STREQUAL "compiles")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${SOURCE} must compile with this layer's include path:\n${errors}")
  endif()
elseif(EXPECT STREQUAL "not-found")
  if(result EQUAL 0)
    message(FATAL_ERROR "${SOURCE} includes a higher layer and must not compile, but it did")
  endif()
  # The probe's last include is the upward one; it, not something it includes, must be missing.
  file(STRINGS ${SOURCE} include_lines REGEX "^#include \"")
  list(GET include_lines -1 include_line)
  string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" header "${include_line}")
  string(REPLACE "." "\\." header_pattern "${header}")
  if(NOT errors MATCHES "${header_pattern}: No such file or directory|'${header_pattern}' file not found")
    message(FATAL_ERROR "${SOURCE} failed for another reason than ${header} not found:\n${errors}")
  endif()
else()
  message(FATAL_ERROR "EXPECT must be compiles or not-found, not '${EXPECT}'")
endif()
