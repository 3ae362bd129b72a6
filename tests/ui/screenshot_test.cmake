# The screenshot test: runs the editor on the pump in a real X server (xvfb-run), lets it save a
# screenshot of its window (hidden option --screenshot) and checks the PNG is a real picture of a
# full window, not an empty or tiny one. Fails where xvfb-run is not installed.
# With -DDRAG=Thing.Anchor:DX,DY the picture is taken in the middle of a drag of that anchor.
# ARGS are more options for the editor (`--reference WORD` pictures the language reference).
#   cmake -DPROGRAM=… -DSCRIPT=… -DOUTPUT=… [-DDRAG=…] [-DARGS=more;options]
#         [-DMIN_WIDTH=… -DMIN_HEIGHT=…] -P screenshot_test.cmake

find_program(XVFB_RUN xvfb-run)
if(NOT XVFB_RUN)
  message(FATAL_ERROR "xvfb-run is not installed (scripts/install-deps.sh installs xvfb)")
endif()

file(REMOVE ${OUTPUT})
set(extra)
if(DRAG)
  set(extra --screenshot-drag ${DRAG})
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=QT_QPA_PLATFORM
          ${XVFB_RUN} -a -s "-screen 0 1600x1000x24" ${PROGRAM} ${SCRIPT} --screenshot ${OUTPUT}
          ${extra} ${ARGS}
  RESULT_VARIABLE result
  TIMEOUT 120)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the editor exited with ${result}")
endif()
if(NOT EXISTS ${OUTPUT})
  message(FATAL_ERROR "no screenshot at ${OUTPUT}")
endif()

# PNG: 8-byte signature, then the IHDR chunk whose data starts with width and height (big-endian).
file(READ ${OUTPUT} header LIMIT 24 HEX)
string(SUBSTRING "${header}" 0 16 signature)
string(SUBSTRING "${header}" 32 8 width_hex)
string(SUBSTRING "${header}" 40 8 height_hex)
if(NOT signature STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "the screenshot is not a PNG file")
endif()
math(EXPR width "0x${width_hex}")
math(EXPR height "0x${height_hex}")
file(SIZE ${OUTPUT} size)
message("screenshot ${width}x${height}, ${size} bytes")
# The window opens at 1400×860; a blank or single-colour window compresses to a few kilobytes.
if(NOT DEFINED MIN_WIDTH)
  set(MIN_WIDTH 1000)
endif()
if(NOT DEFINED MIN_HEIGHT)
  set(MIN_HEIGHT 600)
endif()
if(width LESS MIN_WIDTH OR height LESS MIN_HEIGHT)
  message(FATAL_ERROR "the screenshot is only ${width}x${height}")
endif()
if(size LESS 40000)
  message(FATAL_ERROR "the screenshot has too little in it (${size} bytes)")
endif()
