# Fails when a test waits for time to pass or reads the clock: a fixed sleep or a deadline makes a
# test pass on an idle machine and fail on a busy one, and a speed measured in a test says more
# about the machine than about the code (speed lives in bench/). A test waits for the event itself
# (a signal, a condition polled with a deadline that only guards against a hang) and gets its time
# from an injected clock. A line that truly needs one is listed in ALLOWED with its reason, as
#   path|text of the line|why
# Run as `cmake -DROOT=<source dir> -DALLOWED=<that list> -P no_wall_clock.cmake`.

# What gives a wait or a reading away; `QTest::qWait(` but not qWaitFor or qWaitForWindowExposed.
set(patterns
    "sleep_for" "sleep_until" "usleep\\(" "nanosleep\\(" "QTest::qSleep\\(" "QTest::qWait\\("
    "time\\.sleep\\(" "time\\.time\\(" "time\\.monotonic" "time\\.perf_counter"
    "QElapsedTimer" "steady_clock" "system_clock" "high_resolution_clock" "currentMSecsSinceEpoch"
    "QDateTime::currentDateTime")
string(JOIN "|" any ${patterns})

# The lines of a text as a CMake list: the semicolons and brackets of code would split or join
# them, so they stand as <sc>, <lb> and <rb> until a line is shown.
function(lines_of text result)
  string(REPLACE ";" "<sc>" text "${text}")
  string(REPLACE "[" "<lb>" text "${text}")
  string(REPLACE "]" "<rb>" text "${text}")
  string(REPLACE "\n" ";" text "${text}")
  set(${result} "${text}" PARENT_SCOPE)
endfunction()

function(shown line result)
  string(REPLACE "<sc>" ";" line "${line}")
  string(REPLACE "<lb>" "[" line "${line}")
  string(REPLACE "<rb>" "]" line "${line}")
  string(STRIP "${line}" line)
  set(${result} "${line}" PARENT_SCOPE)
endfunction()

file(READ "${ALLOWED}" text)
lines_of("${text}" entries)
set(allowed "")  # path|text pairs
foreach(entry IN LISTS entries)
  if(entry STREQUAL "" OR entry MATCHES "^#")
    continue()
  endif()
  if(NOT entry MATCHES "^([^|]+)\\|([^|]+)\\|(.*[^ ].*)$")
    message(FATAL_ERROR "${ALLOWED}: not path|text|why, with a reason: ${entry}")
  endif()
  list(APPEND allowed "${CMAKE_MATCH_1}|${CMAKE_MATCH_2}")
endforeach()

set(found "")
file(GLOB_RECURSE sources "${ROOT}/tests/*.cpp" "${ROOT}/tests/*.h" "${ROOT}/tests/*.py")
foreach(source IN LISTS sources)
  file(READ "${source}" text)
  if(NOT text MATCHES "${any}")
    continue()
  endif()
  file(RELATIVE_PATH path "${ROOT}" "${source}")
  lines_of("${text}" lines)
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "${any}")
      continue()
    endif()
    set(excused FALSE)
    foreach(pair IN LISTS allowed)
      string(REGEX REPLACE "\\|.*" "" allowed_path "${pair}")
      string(REGEX REPLACE "^[^|]*\\|" "" allowed_text "${pair}")
      string(FIND "${line}" "${allowed_text}" at)
      if(path STREQUAL allowed_path AND at GREATER -1)
        set(excused TRUE)
      endif()
    endforeach()
    if(NOT excused)
      shown("${line}" line)
      string(APPEND found "\n  ${path}: ${line}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "tests that wait on the clock or read it (tests/house/no_wall_clock.cmake):"
                      "${found}")
endif()
