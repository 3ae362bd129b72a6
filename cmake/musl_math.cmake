# movimentum_musl_math: musl's sin, cos, atan2 and the other elementary functions, for the desktop
# build, each renamed with a musl_ prefix (musl_sin). core/model/elementary_functions.h calls them.
#
# Why musl's and not glibc's: the WebAssembly page (scripts/web.sh) runs on emscripten's libc,
# which is musl, and glibc rounds sin, cos and atan2 a last bit apart from it for some arguments.
# A solve that iterates to a tolerance or integrates carries that bit into its answers, so the page
# and the desktop disagreed in the 1e-12 digits on 11 of 107 scripts. With the same functions in
# both builds they agree on all (tests/web/solve_equality.mjs).
#
# Debian's musl-dev ships them compiled in its libc.a. The objects are taken out of it rather than
# the library linked, and their public names prefixed, so they stand beside glibc's instead of
# replacing sin for the whole process (Qt's, ICU's). Their internals (__sin, __rem_pio2, the
# tables of exp and log) are hidden symbols of musl's and stay local to whatever links them. What
# they leave undefined (sqrt, fabs, floor) is exact in every libc and comes from glibc.

string(REPLACE "-gnu" "-musl" musl_triplet "${CMAKE_LIBRARY_ARCHITECTURE}")
find_file(MOVIMENTUM_MUSL_LIBC libc.a
          PATHS /usr/lib/${musl_triplet} /usr/lib/musl/lib
          NO_DEFAULT_PATH
          DOC "musl's static libc (Debian: musl-dev), whose elementary functions the solver uses")
if(NOT MOVIMENTUM_MUSL_LIBC)
  message(FATAL_ERROR "musl's libc.a was not found: install musl-dev (scripts/install-deps.sh), "
                      "whose sin, cos and atan2 the solver uses as the WebAssembly page does")
endif()

# The functions the solver calls, then what they call in turn.
set(musl_public sin cos sincos tan asin acos atan atan2 exp log log10 pow hypot scalbn)
set(musl_internal __sin __cos __tan __rem_pio2 __rem_pio2_large exp_data log_data pow_data
    __math_oflow __math_uflow __math_xflow __math_divzero __math_invalid)

set(musl_dir ${PROJECT_BINARY_DIR}/musl_math)
set(musl_renames ${musl_dir}/renames.txt)
set(renames "")
foreach(name IN LISTS musl_public)
  string(APPEND renames "${name} musl_${name}\n")
endforeach()
file(CONFIGURE OUTPUT ${musl_renames} CONTENT "${renames}")

set(members "")
set(objects "")
set(rename_commands "")
foreach(name IN LISTS musl_public musl_internal)
  list(APPEND members ${name}.lo)
  list(APPEND objects ${musl_dir}/${name}.o)
  list(APPEND rename_commands COMMAND ${CMAKE_OBJCOPY} --redefine-syms=${musl_renames}
       ${name}.lo ${name}.o)
endforeach()

add_custom_command(
  OUTPUT ${objects}
  COMMAND ${CMAKE_AR} x ${MOVIMENTUM_MUSL_LIBC} ${members}
  ${rename_commands}
  DEPENDS ${MOVIMENTUM_MUSL_LIBC} ${musl_renames}
  WORKING_DIRECTORY ${musl_dir}
  COMMENT "Taking musl's elementary functions out of ${MOVIMENTUM_MUSL_LIBC}"
  VERBATIM)
set_source_files_properties(${objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
add_library(movimentum_musl_math STATIC ${objects})
set_target_properties(movimentum_musl_math PROPERTIES LINKER_LANGUAGE CXX)
