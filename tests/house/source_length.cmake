# Fails when a C++ source of the project is longer than LIMIT lines: a file that long does two
# jobs (docs/design.md, house rules). Run as `cmake -DROOT=<source dir> -DLIMIT=500 -P`.
set(too_long "")
foreach(room app bench core lsp python solver tests ui)
  file(GLOB_RECURSE sources "${ROOT}/${room}/*.cpp" "${ROOT}/${room}/*.h")
  foreach(source IN LISTS sources)
    # Counted as line ends: a line's own semicolons would split a list of lines.
    file(READ "${source}" text)
    string(REGEX MATCHALL "\n" ends "${text}")
    list(LENGTH ends count)
    if(count GREATER LIMIT)
      file(RELATIVE_PATH path "${ROOT}" "${source}")
      string(APPEND too_long "\n  ${path}: ${count} lines")
    endif()
  endforeach()
endforeach()
if(too_long)
  message(FATAL_ERROR "source files over ${LIMIT} lines:${too_long}")
endif()
