# `cmake --install` into a staging folder puts the program, the samples, the docs, the desktop
# entry, the icon and the shared-mime-info type where a desktop finds them, and the desktop entry
# opens the MIME type that globs *.movimentum.
# Run as: cmake -DBUILD=<build dir> -DSTAGING=<folder> -P install_test.cmake
file(REMOVE_RECURSE ${STAGING})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${STAGING}
                RESULT_VARIABLE result OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install failed: ${errors}")
endif()
foreach(path bin/movimentum
             share/movimentum/samples/pump.movimentum
             share/movimentum/samples/crank.png
             share/doc/movimentum/README.md
             share/doc/movimentum/docs/command-line.md
             share/applications/movimentum.desktop
             share/mime/packages/movimentum.xml
             share/icons/hicolor/scalable/apps/movimentum.svg)
  if(NOT EXISTS ${STAGING}/${path})
    message(FATAL_ERROR "not installed: ${path}")
  endif()
endforeach()
file(READ ${STAGING}/share/applications/movimentum.desktop desktop)
file(READ ${STAGING}/share/mime/packages/movimentum.xml mime)
foreach(expected "Exec=movimentum %f" "MimeType=text/x-movimentum;" "Icon=movimentum")
  string(FIND "${desktop}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the desktop entry lacks '${expected}'")
  endif()
endforeach()
foreach(expected "type=\"text/x-movimentum\"" "pattern=\"*.movimentum\"")
  string(FIND "${mime}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the MIME type lacks '${expected}'")
  endif()
endforeach()
# The installed program runs from its new place and finds its samples there.
execute_process(COMMAND ${STAGING}/bin/movimentum --version OUTPUT_VARIABLE version
                RESULT_VARIABLE result)
if(NOT result EQUAL 0 OR NOT version MATCHES "^movimentum [0-9]")
  message(FATAL_ERROR "the installed program says '${version}' (exit ${result})")
endif()
file(REMOVE_RECURSE ${STAGING})
