#include "solver/api/conflict_causes.h"

#include <string>

#include "solver/kinematics/number_text.h"

namespace mv {

namespace {

std::string frameRange(const ConflictCause& cause) {
    const int first = cause.frames.first, last = cause.frames.last;
    if (first == last) return "frame " + std::to_string(first);
    if (cause.count == cause.frames.count())
        return "frames " + std::to_string(first) + "\u2013" + std::to_string(last);
    return std::to_string(cause.count) + " frames between " + std::to_string(first) + " and " +
           std::to_string(last);
}

}  // namespace

std::vector<ConflictCause> ConflictCauses::causes() const {
    std::vector<ConflictCause> causes;
    causes.reserve(m_causes.size());
    for (const auto& [id, cause] : m_causes) causes.push_back(cause);
    return causes;
}

std::vector<Diagnostic> conflictDiagnostics(const Script& script,
                                            const std::vector<ConflictCause>& causes) {
    std::vector<Diagnostic> diagnostics;
    for (const ConflictCause& cause : causes) {
        const ConstraintId id = cause.constraint;
        const Constraint& constraint = script.constraints[id];
        const std::string miss =
            cause.notANumber ? "not a number there" : "off by up to " + numberText(cause.worst);
        // The error names the constraint first, then every constraint it depends on.
        std::vector<ConstraintId> about{id};
        about.insert(about.end(), cause.support.begin(), cause.support.end());
        diagnostics.push_back(makeDiagnostic(
            constraint.range,
            cause.support.empty()
                ? diag<DiagnosticId::ConflictingConstraint>(frameRange(cause), miss)
                : diag<DiagnosticId::ConflictingWithSupport>(frameRange(cause), miss),
            about));
        const std::string line =
            std::to_string(script.source->location(constraint.range.begin).line);
        for (size_t i = 0; i < cause.support.size() && i < kMaxSupportNotes; ++i)
            diagnostics.push_back(makeDiagnostic(script.constraints[cause.support[i]].range,
                                                 diag<DiagnosticId::ConflictSupport>(line),
                                                 {cause.support[i], id}));
        if (cause.support.size() > kMaxSupportNotes)
            diagnostics.push_back(
                makeDiagnostic(constraint.range,
                               diag<DiagnosticId::ConflictMoreSupport>(
                                   std::to_string(cause.support.size() - kMaxSupportNotes)),
                               {id}));
    }
    return diagnostics;
}

}  // namespace mv
