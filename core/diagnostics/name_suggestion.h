#pragma once
// "Did you mean": for a name the script uses but nothing defines (a thing, an anchor, an element, a
// state, a function, a kind), the defined name it most likely misspells. Like Clang's typo
// correction and rustc's `find_best_match_for_name`, a candidate is close when it differs only in
// case, or by at most two edits (insert, delete, replace, or swap two neighbours: the optimal
// string alignment distance). Short names allow fewer edits, since every one-letter name is one
// edit away from every other: a name of n characters allows n / 2 edits, at most two, so `R`
// suggests nothing but `r` suggests `R`. Nothing is offered when nothing is close.
//
// The suggestion travels as data on the diagnostic (Diagnostic::suggestion, replacing the
// diagnostic's range with it is the fix the language server offers) and in its words
// ("unknown thing 'Crnk'; did you mean 'Crank'?"), which `check` prints.

#include <optional>
#include <string_view>
#include <vector>

#include "core/diagnostics/diagnostic.h"

namespace mv {

// The candidate closest to `written`: one differing only in case first, then the fewest edits,
// then the first in `candidates`; nullopt when none is close (or `written` is one of them).
std::optional<std::string_view> closestName(std::string_view written,
                                            const std::vector<std::string_view>& candidates);

// `message` with "; did you mean 'X'?" appended and X as its suggestion when a candidate is close
// to `written`, else `message` unchanged.
DiagnosticMessage suggestName(DiagnosticMessage message, std::string_view written,
                              const std::vector<std::string_view>& candidates);

}  // namespace mv
