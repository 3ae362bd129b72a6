# `cpack -G DEB` builds the Debian package, and `dpkg-deb --info` lists its dependencies: the
# shared libraries dpkg-shlibdeps found (Qt; Ceres is linked statically, glog under it is not),
# Qt's platform plugins, and ffmpeg as
# recommended. Skipped where dpkg-deb is absent, i.e. not on Debian or Ubuntu (CTest reads the
# message through SKIP_REGULAR_EXPRESSION: cmake -P cannot choose its exit code).
# Run as: cmake -DBUILD=<build dir> -DOUTPUT=<folder> -P deb_test.cmake
find_program(DPKG_DEB dpkg-deb)
if(NOT DPKG_DEB)
  message("dpkg-deb is not installed: skipped")
  return()
endif()
file(REMOVE_RECURSE ${OUTPUT})
execute_process(COMMAND cpack -G DEB -B ${OUTPUT} --config ${BUILD}/CPackConfig.cmake
                WORKING_DIRECTORY ${BUILD} RESULT_VARIABLE result OUTPUT_VARIABLE out
                ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cpack -G DEB failed:\n${out}\n${errors}")
endif()
file(GLOB packages ${OUTPUT}/movimentum_*.deb)
list(LENGTH packages count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one movimentum_*.deb in ${OUTPUT}, found: ${packages}")
endif()
execute_process(COMMAND ${DPKG_DEB} --info ${packages} OUTPUT_VARIABLE info
                RESULT_VARIABLE result)
message("${info}")
set(fields "Package: movimentum" "Depends: [^\n]*libqt6widgets6" "Depends: [^\n]*libgoogle-glog"
           "Depends: [^\n]*qt6-qpa-plugins" "Recommends: ffmpeg")
set(files "./usr/bin/movimentum" "./usr/share/applications/movimentum.desktop"
          "./usr/share/mime/packages/movimentum.xml")
# With the Python module built (python/), the package carries it where Debian's python3 looks.
if(PYTHON_MODULE)
  list(APPEND fields "Recommends: [^\n]*python3-numpy")
  list(APPEND files "./usr/lib/python3/dist-packages/movimentum.cpython-"
                    "./usr/lib/python3/dist-packages/movimentum.pyi")
endif()
foreach(expected ${fields})
  if(NOT info MATCHES "${expected}")
    message(FATAL_ERROR "dpkg-deb --info does not match '${expected}'")
  endif()
endforeach()
execute_process(COMMAND ${DPKG_DEB} --contents ${packages} OUTPUT_VARIABLE contents)
foreach(expected ${files})
  string(FIND "${contents}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the package lacks ${expected}")
  endif()
endforeach()
file(REMOVE_RECURSE ${OUTPUT})
