# What `cmake --install` puts where (GNU layout under CMAKE_INSTALL_PREFIX), and the Debian package
# CPack builds from it (`cpack -G DEB` in the build folder). The editor finds its samples in
# ../share/movimentum/samples beside the program (ui/files/samples.cpp); the desktop entry and the
# shared-mime-info type make a double-clicked .movimentum file open in the editor.
include(GNUInstallDirs)

install(TARGETS movimentum RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/samples/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/movimentum/samples
        FILES_MATCHING PATTERN "*.movimentum" PATTERN "*.png" PATTERN "*.svg")
# The package's name, not the project's (CMAKE_INSTALL_DOCDIR would say share/doc/Movimentum).
set(docs ${CMAKE_INSTALL_DATADIR}/doc/movimentum)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${docs})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${docs}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/movimentum.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/movimentum.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
# The VS Code extension's sources and grammar, for `movimentum lsp` in other editors
# (docs/editors.md shows the snippets for Neovim, Emacs, Kate and Helix).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/editors/ DESTINATION ${CMAKE_INSTALL_DATADIR}/movimentum/editors
        PATTERN node_modules EXCLUDE PATTERN "*.vsix" EXCLUDE)
# The editable page's parts (`render --editable`, app/editable_parts.h looks in
# ../share/movimentum/web beside the program), where scripts/web.sh built them before packaging:
# without them the package's render says how to build them.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/build-web/page/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/movimentum/web OPTIONAL)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/movimentum.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# The Python module (python/) where Debian's python3 finds the system's packages, with its stub.
if(TARGET movimentum_python)
  set(MOVIMENTUM_PYTHON_DIR lib/python3/dist-packages
      CACHE STRING "Where the Python module is installed, relative to the prefix")
  install(TARGETS movimentum_python LIBRARY DESTINATION ${MOVIMENTUM_PYTHON_DIR})
  install(FILES ${PROJECT_SOURCE_DIR}/python/movimentum.pyi DESTINATION ${MOVIMENTUM_PYTHON_DIR})
  set(python_recommends ", python3-numpy")  # its arrays are numpy's
endif()

set(CPACK_PACKAGE_NAME movimentum)
set(CPACK_PACKAGE_VENDOR "Movimentum")
set(CPACK_PACKAGE_CONTACT "Movimentum maintainers <movimentum@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "editor that animates mechanisms from a short script")
set(CPACK_PACKAGE_DESCRIPTION "Type a short script that names the parts of a machine, says how \
they are joined and how they are driven: every frame is solved and the machine moves while you \
type. Exports PNG and SVG frames, MP4, WebM, GIF and APNG (with ffmpeg).")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
# The shared libraries the program links (Qt, and glog and SuiteSparse under the static Ceres)
# become Depends through dpkg-shlibdeps; Qt's platform plugins (the editor's window) are loaded, not linked, hence named.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
# Video, GIF and APNG export run the ffmpeg program; PNG and SVG need nothing.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "ffmpeg${python_recommends}")
include(CPack)
