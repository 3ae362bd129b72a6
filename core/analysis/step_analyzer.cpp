#include "core/analysis/step_analyzer.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

#include <algorithm>
#include <cmath>

#include "core/model/frame_plan.h"

namespace mv {

namespace {

// `x <` for both < and <=: a lower and an upper bound on x are different keys, while < and <=
// on the same side replace each other.
std::string directedKey(const std::string& key, Relation relation) {
    if (key.empty() || relation == Relation::Equal) return key;
    const bool below = relation == Relation::Less || relation == Relation::LessEqual;
    return key + (below ? " <" : " >");
}

class StepAnalyzer {
public:
    StepAnalyzer(Script& script, ExpressionResolver& resolver, AnalysisContext& context)
        : m_script(script), m_resolver(resolver), m_context(context) {}

    void step(const ast::Step& written) {
        const double previous = m_script.steps.empty() ? 0 : m_script.steps.back().time;
        double time = written.relative ? previous + written.time : written.time;
        if (!std::isfinite(time)) {
            m_context.report(written.markerRange, diag<DiagnosticId::TimeTooLarge>());
            time = previous;
        } else if (!m_script.steps.empty() && time < previous - kTimeTolerance) {
            m_context.report(written.markerRange,
                             diag<DiagnosticId::MarkerGoesBack>(number(time), number(previous)));
            time = previous;
        }
        // Within the tolerance a marker equals the one before it; keep the times sorted.
        if (!m_script.steps.empty()) time = std::max(time, previous);
        m_script.steps.push_back({time, written.markerRange, {}, {}});
        for (const ast::Statement& statement : written.statements) {
            if (statement.kind == ast::Statement::Kind::Constraint) {
                constraint(statement.constraint);
            } else {
                reset(statement.reset);
            }
        }
    }

private:
    static std::string number(double value) {
        std::string text = std::to_string(value);
        while (text.size() > 1 && text.back() == '0') text.pop_back();
        if (text.back() == '.') text.pop_back();
        return text;
    }

    int currentStep() const { return static_cast<int>(m_script.steps.size()) - 1; }

    void constraint(const ast::Constraint& written) {
        if (!written.lhs || !written.rhs) return;  // the parser reported it
        Constraint c;
        c.relation = written.relation;
        c.range = written.range;
        c.step = currentStep();
        const ResolveScope scope;
        const Typed lhs = m_resolver.resolve(*written.lhs, scope);
        c.lhs = lhs.node;
        c.key =
            written.label ? *written.label : directedKey(keyOf(*lhs.node, m_script), c.relation);
        TypeRules& rules = m_resolver.rules();
        const char* relation = relationSpelling(c.relation);
        if (c.relation != Relation::Equal) rules.comparisonSide({lhs.type, *written.lhs}, relation);
        if (written.rhs->kind == ast::ExprKind::DontCare) {
            // Anything satisfies `lhs = _` (or `lhs < _`: a bound dropped); it stands for
            // `lhs = lhs`, so no unknown is added.
            c.frees = true;
            c.rhs = lhs.node;
            if (c.key.empty())
                m_context.report(written.range, diag<DiagnosticId::DontCareFreesNothing>());
        } else {
            const Typed rhs = m_resolver.resolve(*written.rhs, scope);
            c.rhs = rhs.node;
            if (c.relation == Relation::Equal) {
                rules.equalSides({lhs.type, *written.lhs}, {rhs.type, *written.rhs},
                                 written.relationRange);
            } else {
                rules.comparisonSide({rhs.type, *written.rhs}, relation);
            }
        }
        m_script.steps.back().constraints.push_back(
            static_cast<ConstraintId>(m_script.constraints.size()));
        m_script.constraints.push_back(std::move(c));
    }

    void reset(const ast::Reset& written) {
        if (!written.target || !written.value) return;
        const ast::Expr& target = *written.target;
        const DefinedName* owner = target.kind == ast::ExprKind::Member && !target.args.empty() &&
                                           target.args[0]->kind == ast::ExprKind::Name
                                       ? m_context.find(target.args[0]->text)
                                       : nullptr;
        if (!owner || owner->category != DefinedName::Category::Element) {
            if (!owner || owner->category != DefinedName::Category::Broken)
                m_context.report(target.range, diag<DiagnosticId::ResetNotState>());
            return;
        }
        const Element& element = m_script.elements[owner->index];
        const int state = element.stateIndex(target.text);
        if (state < 0) {
            const bool parameter = element.parameterIndex(target.text) >= 0;
            m_context.report(
                target.nameRange,
                parameter ? diag<DiagnosticId::ResetOfParameter>(target.text, element.name)
                          : suggestName(diag<DiagnosticId::UnknownState>(target.text, element.name),
                                        target.text, stateNames(element, false)));
            return;
        }
        ResolveScope scope;
        scope.variables = scope.anchors = scope.localTime = false;
        scope.what = "a reset";
        scope.allowed = "constants, T, and the states and parameters of elements";
        const Typed value = m_resolver.resolve(*written.value, scope);
        const ElementState& set = element.states[state];
        m_resolver.rules().resetValue({value.type, *written.value}, set.type,
                                      element.name + "." + set.name);
        m_script.steps.back().resets.push_back(static_cast<uint32_t>(m_script.resets.size()));
        m_script.resets.push_back({ElementId{owner->index}, static_cast<uint32_t>(state),
                                   value.node, currentStep(), written.range});
    }

    Script& m_script;
    ExpressionResolver& m_resolver;
    AnalysisContext& m_context;
};

}  // namespace

std::string keyOf(const Expression& lhs, const Script& script) {
    switch (lhs.op) {
        case ExprOp::Variable: {
            const Variable& variable = script.variables[lhs.index];
            return variable.anonymous ? "" : variable.name;
        }
        case ExprOp::Anchor: {
            const Thing& thing = script.things[lhs.index];
            return thing.name + "." + thing.anchors[lhs.sub].name;
        }
        case ExprOp::X:
        case ExprOp::Y: {
            const Expression& of = *lhs.args[0];
            if (of.op != ExprOp::Variable && of.op != ExprOp::Anchor) return "";
            const std::string base = keyOf(of, script);
            return base.empty() ? "" : base + (lhs.op == ExprOp::X ? ".x" : ".y");
        }
        default:
            return "";
    }
}

void analyzeSteps(const std::vector<ast::Step>& steps, Script& script, ExpressionResolver& resolver,
                  AnalysisContext& context) {
    StepAnalyzer analyzer(script, resolver, context);
    for (const ast::Step& step : steps) analyzer.step(step);
    if (script.steps.empty()) return;
    const double frames =
        (script.steps.back().time - script.steps.front().time) * script.config.fps;
    if (!(frames < kMaxFrames))
        context.report(
            steps.back().markerRange,
            diag<DiagnosticId::TooManyFrames>(std::to_string(static_cast<long>(kMaxFrames))));
}

}  // namespace mv
