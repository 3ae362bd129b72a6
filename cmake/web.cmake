# The WebAssembly build (scripts/web.sh configures it with emcmake into build-web/): core and solver
# from their own CMakeLists, with the same source lists as the desktop, and the page's entry
# (app/web/). No Qt, no tests, no ui. What emscripten's sysroot lacks comes from outside it:
# - Ceres and double-conversion built by scripts/web.sh (Ceres_DIR, double-conversion_DIR; the
#   latter writes the shortest digits of a double, which emscripten's libc++ 13 cannot:
#   core/text/number_chars.h);
# - Eigen's CMake package from the system (Eigen3_DIR), whose include folder /usr/include/eigen3
#   holds Eigen alone;
# - Boost's header-only parts through MOVIMENTUM_WEB_INCLUDE, a folder holding only a link to the
#   system's boost/ (not the whole /usr/include, whose glibc headers would shadow emscripten's).
set(MOVIMENTUM_WEB_INCLUDE "" CACHE PATH "A folder with boost/ linked in (scripts/web.sh)")
find_package(Eigen3 3.3 REQUIRED NO_MODULE)
find_package(Ceres REQUIRED)
find_package(double-conversion REQUIRED)
add_library(Boost::headers INTERFACE IMPORTED)
target_include_directories(Boost::headers INTERFACE ${MOVIMENTUM_WEB_INCLUDE})
add_subdirectory(core)
target_link_libraries(movimentum_core PRIVATE double-conversion::double-conversion)
add_subdirectory(solver)
add_subdirectory(app/web)

# Exceptions are caught in one place: the integrator reports a failed step by an exception that
# simulate_mechanics.cpp turns into a diagnostic. emscripten catches them only in what is compiled
# with -fexceptions, and there every call that may unwind through a destructor goes through
# JavaScript: with all of core and solver so, the 15,001-frame pump took a third longer. So that one
# file catches (its odeint stepper, which throws, is compiled in it), the rest lets an exception
# pass, and the link brings the runtime that catches (app/web/CMakeLists.txt).
set_source_files_properties(${PROJECT_SOURCE_DIR}/solver/mechanics/simulate_mechanics.cpp
                            DIRECTORY ${PROJECT_SOURCE_DIR}/solver
                            PROPERTIES COMPILE_OPTIONS -fexceptions)
# clang's -Wconversion also warns on signedness, which g++'s does not: core is clean for g++'s.
target_compile_options(movimentum_core PRIVATE -Wno-sign-conversion)
