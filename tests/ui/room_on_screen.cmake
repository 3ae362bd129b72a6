# Runs the [.room] test of ui_tests in a real X server of 1280 × 800 pixels at a scale factor
# (QT_SCALE_FACTOR), saving the window's picture. Fails where xvfb-run is missing.
#   cmake -DPROGRAM=ui_tests -DSCALE=1.5 -DPICTURE=… -P room_on_screen.cmake

find_program(XVFB_RUN xvfb-run)
if(NOT XVFB_RUN)
  message(FATAL_ERROR "xvfb-run is not installed (scripts/install-deps.sh installs xvfb)")
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=xcb QT_SCALE_FACTOR=${SCALE}
          MOVIMENTUM_ROOM_PICTURE=${PICTURE}
          ${XVFB_RUN} -a -s "-screen 0 1280x800x24" ${PROGRAM} "[.room]"
  RESULT_VARIABLE result
  TIMEOUT 120)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "the room test at scale ${SCALE} failed (${result})")
endif()
