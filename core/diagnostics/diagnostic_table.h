#pragma once
// Every diagnostic the core and the solver report, in one table like Clang's
// Diagnostic*Kinds.td: its id, severity, what it is about, and the message with a {placeholder}
// for each argument. Code reports a diagnostic by id (`diag<DiagnosticId::X>(arguments…)`,
// core/diagnostics/diagnostic.h), the annotated language tests expect it by id, and
// docs/diagnostics.md is generated from this list (`movimentum diagnostics`), so wording can
// improve without breaking a test or leaving the documentation behind.

#include <cstdint>
#include <string_view>

namespace mv {

enum class Severity { Error, Warning, Note };

// What a diagnostic is about. The analyzer's findings on the text are all Script; the kinds after
// it name the findings that come from outside the text (image files) or from solving it.
enum class DiagnosticKind {
    Script,         // the text itself: syntax, names, types, steps, configuration
    ImageFile,      // an image file that is missing or cannot be drawn (the model is still built)
    Conflict,       // a constraint that cannot hold in some frames
    ConflictNote,   // a constraint that a Conflict depends on, or how many more there are
    Freedom,        // a thing that can still move: the constraints leave it free
    DeadCentre,     // the mechanism passed through a dead centre and went on the way it moved
    SubstepLimit,   // a frame needed more sub-steps than allowed from the frame before
    Mechanics,      // an element, interaction, wall or reset that cannot be simulated
    Forces,         // what the masses ask of the constraints: a load shared or held by nothing
    SolverOptions,  // the solver's options are invalid
};

// X(Id, Severity, Kind, "message")
#define MV_DIAGNOSTICS(X)                                                                           \
    /* Characters and tokens (core/text/lexer.cpp) */                                               \
    X(UnterminatedComment, Error, Script, "unterminated comment: '/*' without '*/'")                \
    X(ExponentWithoutDigits, Error, Script, "expected digits after the exponent 'e'")               \
    X(NumberOutOfRange, Error, Script, "number is out of range")                                    \
    X(NameStartsWithUnderscore, Error, Script, "a name must start with a letter, not '_'")          \
    X(UnterminatedString, Error, Script, "unterminated string: missing closing {quote}")            \
    X(InvalidUtf8, Error, Script, "invalid UTF-8 byte {byte}")                                      \
    X(ControlCharacter, Error, Script, "unexpected control character {codepoint}")                  \
    X(UnexpectedCharacter, Error, Script, "unexpected character '{character}'")                     \
    X(UnexpectedNonAscii, Error, Script, "unexpected character '{character}' ({codepoint})")        \
    /* Statements (core/text/parser.cpp) */                                                         \
    X(ExpectedStatement, Error, Script,                                                             \
      "expected a definition ('Name : …;') or a time marker ('@')")                                 \
    X(TextAfterExpression, Error, Script, "unexpected text after the expression")                   \
    X(ConfigNotFirst, Error, Script, "'.config(…)' must come first, before the definitions")        \
    X(ExpectedConfigWord, Error, Script, "expected 'config' after '.'")                             \
    X(ExpectedConfigParen, Error, Script, "expected '(' after '.config'")                           \
    X(ConfigNeedsThreeValues, Error, Script, "'.config' needs three values: fps, width, height")    \
    X(ExpectedConfigClose, Error, Script, "expected ')' after the three values of '.config'")       \
    X(ExpectedSemicolon, Error, Script, "expected ';' after {statement}")                           \
    X(ExpectedDefinitionKind, Error, Script,                                                        \
      "expected a file name ('…') or a kind (.bar, .pendulum, …) after ':'")                        \
    X(ExpectedKindWord, Error, Script,                                                              \
      "expected a kind after '.': bar, pendulum, point, swing, gravity, reflection or mass")        \
    X(UnknownKind, Error, Script,                                                                   \
      "unknown kind '{kind}': expected bar, pendulum, point, swing, gravity, reflection or mass")   \
    X(ExpectedProperty, Error, Script, "expected a property ('name = value') or ';'")               \
    X(ExpectedPropertyEqual, Error, Script, "expected '=' after the property name")                 \
    X(MarkerWithoutNumber, Error, Script, "a time marker needs a number after '@'")                 \
    X(DefinitionAfterMarker, Error, Script, "definitions must come before the first time marker")   \
    X(LabelledReset, Error, Script, "a reset (':=') cannot have a label")                           \
    X(ExpectedRelation, Error, Script,                                                              \
      "expected '=', '<', '>', '<=', '>=' or ':=' after the expression")                            \
    X(TwoRelations, Error, Script, "a constraint has one comparison; write two constraints")        \
    /* Expressions (core/text/expression_parser.cpp) */                                             \
    X(NestedTooDeeply, Error, Script, "the expression is nested too deeply")                        \
    X(ChainedComparison, Error, Script, "comparisons cannot be chained")                            \
    X(ExpectedMemberName, Error, Script, "expected a name after '.'")                               \
    X(ExpectedCloseArguments, Error, Script, "expected ')' after the arguments")                    \
    X(ExpectedExpression, Error, Script, "expected an expression")                                  \
    X(ExpectedCloseParen, Error, Script, "expected ')'")                                            \
    X(VectorComponents, Error, Script, "a vector has two components: [x, y]")                       \
    X(ExpectedVectorComma, Error, Script, "expected ',' after the vector's first component")        \
    X(ExpectedCloseBracket, Error, Script, "expected ']'")                                          \
    /* Definitions (core/analysis/analyzer.cpp, thing_analyzer.cpp, element_analyzer.cpp, …) */   \
    X(ReservedName, Error, Script, "{name} is a reserved name")                                     \
    X(NameDefinedTwice, Error, Script, "{name} is already defined at {position}")                   \
    X(NotPositive, Error, Script, "{what} must be greater than 0")                                  \
    X(CanvasTooLarge, Error, Script,                                                                \
      "the canvas would be {width} × {height} pixels{scale}; the limit is {side} pixels per side " \
      "and {million} million pixels in all")                                                        \
    X(AnchorDefinedLater, Error, Script,                                                            \
      "anchor {anchor} is defined later in {thing}; an anchor may only use earlier ones")           \
    X(UnknownAnchor, Error, Script, "unknown anchor '{anchor}' of {thing}")                         \
    X(AnchorDefinedTwice, Error, Script, "anchor {anchor} is already defined at {position}")        \
    X(ColorNotString, Error, Script, "color must be a string such as 'orange'")                     \
    X(PropertySetTwice, Error, Script, "{property} is already set at {position}")                   \
    X(ThingWithoutAnchor, Error, Script, "{thing} needs at least one anchor")                       \
    X(UnknownProperty, Error, Script, "unknown property '{property}' of {owner} (it has {known})")  \
    X(BadVisual, Error, Script, "visual must be none or an image file such as 'bob.png'")           \
    /* Interactions (core/analysis/interaction_analyzer.cpp) */                                     \
    X(InteractionWithoutTarget, Error, Script, "{interaction} needs a target = ELEMENT")            \
    X(TargetNotName, Error, Script, "target must name {what}")                                      \
    X(UnknownElement, Error, Script, "unknown element '{element}'")                                 \
    X(TargetOfWrongKind, Error, Script,                                                             \
      "the target of {interaction} cannot be {element}, which is {kind}")                           \
    X(NotStatesOf, Error, Script, "{property} must name states of {element}")                       \
    X(StateNamedTwice, Error, Script, "{state} is named twice in {property}")                       \
    X(UnpairedStates, Error, Script,                                                                \
      "positions and velocities must be equally many ({positions} and {velocities})")               \
    X(BadDirection, Error, Script, "direction must be -1, 0 or 1")                                  \
    X(BadRestitution, Error, Script, "restitution must be between 0 and 1")                         \
    X(ReflectionWithoutGuard, Error, Script,                                                        \
      "{interaction} needs a guard, an expression that is zero on the wall")                        \
    /* Masses and the machine's gravity (core/analysis/mass_analyzer.cpp,                           \
       machine_gravity_analyzer.cpp) */                                                             \
    X(MassWithoutTarget, Error, Script, "{mass} needs a target = THING")                            \
    X(UnknownThing, Error, Script, "unknown thing '{thing}'")                                       \
    X(MassTargetNotThing, Error, Script, "the target of a mass must be a thing; {name} is {what}")  \
    X(MassWithoutValue, Error, Script, "{mass} needs m = …, its mass in kg")                        \
    X(Negative, Error, Script, "{what} must be 0 or greater")                                       \
    X(AnchorOfOtherThing, Error, Script, "at must be an anchor of {thing}, not of {other}")         \
    X(MassOnImageWithoutAt, Error, Script, "a mass on an image needs at = …")                       \
    X(GravityDefinedTwice, Error, Script,                                                           \
      "only one gravity without a target; the first is {gravity} at {position}")                    \
    X(GravityWithoutMasses, Warning, Script, "{gravity} acts on masses, and there are none")        \
    /* Names (core/analysis/name_resolution.cpp, expression_resolver.cpp) */                        \
    X(DegreeAlone, Error, Script, "deg is a unit: write it after a value, as in 30 deg")            \
    X(FunctionAsValue, Error, Script, "{name} is a function: call it as {name}(…)")                 \
    X(ThingAsValue, Error, Script,                                                                  \
      "{name} is a thing, not a value; name one of its anchors, as in {name}.P")                    \
    X(ElementAsValue, Error, Script,                                                                \
      "{name} is an element, not a value; name one of its states or parameters")                    \
    X(InteractionAsValue, Error, Script, "{name} is an interaction; it has no value")               \
    X(MassAsValue, Error, Script, "{name} is a mass; it has no value")                              \
    X(GravityAsValue, Error, Script, "{name} is the machine's gravity; it has no value")            \
    X(UnknownStateOrParameter, Error, Script, "unknown state or parameter '{state}' of {element}")  \
    X(UnknownThingOrElement, Error, Script, "unknown thing or element '{name}'")                    \
    X(UnknownVectorMember, Error, Script,                                                           \
      "unknown member .{member} (a vector has .x, .y, .length, .angle)")                            \
    X(UnknownVectorMethod, Error, Script, "unknown method .{method}() (a vector has .rotate(a))")   \
    X(RotateArguments, Error, Script, ".{method} takes 1 argument, the angle")                      \
    X(CannotRead, Error, Script, "{reader} cannot read {what}{allowed}")                            \
    X(StringAsValue, Error, Script, "a string is not a value here")                                 \
    X(ComparisonAsValue, Error, Script,                                                             \
      "a comparison is only a value as a reflection's region; a constraint compares with one =, "   \
      "<, <=, > or >=")                                                                             \
    X(UnknownFunction, Error, Script, "unknown function '{function}'")                              \
    X(WrongArgumentCount, Error, Script, "{function} takes {expected}, not {count}")                \
    X(AnchorMotionTooDeep, Error, Script, "{reader} cannot read {function}(); {why}")               \
    X(AnchorMotionNeedsAnchor, Error, Script, "{function} takes an anchor, Thing.Anchor")           \
    X(ExpectedCondition, Error, Script,                                                             \
      "expected a condition with <, <=, > or >=, as in Ball.x.y < 5")                               \
    /* Types (core/analysis/type_rules.cpp, type_inference.cpp, constant_folding.cpp) */            \
    X(TypedElsewhere, Error, Script, "{name} is {type} here but {other} at {position}")             \
    X(WrongType, Error, Script, "{what} must be {expected}, not {actual}")                          \
    X(ArgumentTypesDiffer, Error, Script,                                                           \
      "the first two arguments of {function} must have the same type, not {first} and {second}")    \
    X(CannotAdd, Error, Script, "cannot add {right} to {left}")                                     \
    X(CannotSubtract, Error, Script, "cannot subtract {right} from {left}")                         \
    X(SidesDiffer, Error, Script,                                                                   \
      "both sides of = must have the same type; the left is {left}, the right {right}")             \
    X(VectorProduct, Error, Script, "cannot multiply two vectors (use dot(v, w) or cross(v, w))")   \
    X(ProductUsedAs, Error, Script, "this product is {type} but is used as {other}")                \
    X(NotConstant, Error, Script, "{what} must be a constant")                                      \
    X(DivisionByZero, Error, Script, "division by zero")                                            \
    X(ConstantArgumentType, Error, Script, "wrong type of argument for {function}")                 \
    X(NotFinite, Error, Script, "{what} is not a finite number")                                    \
    /* Steps (core/analysis/step_analyzer.cpp) */                                                   \
    X(TimeTooLarge, Error, Script, "this time is too large")                                        \
    X(MarkerGoesBack, Error, Script,                                                                \
      "this marker ({time} s) is earlier than the one before it ({previous} s)")                    \
    X(DontCareFreesNothing, Warning, Script,                                                        \
      "`_` on the right frees nothing here: the left side is not an anchor, a variable or a "       \
      "component of one, and there is no label")                                                    \
    X(ResetNotState, Error, Script,                                                                 \
      "a reset sets a state of an element, as in Ball.x_d1 := [3, 0]")                              \
    X(ResetOfParameter, Error, Script,                                                              \
      "{parameter} is a parameter of {element}; only states can be reset")                          \
    X(UnknownState, Error, Script, "unknown state '{state}' of {element}")                          \
    X(TooManyFrames, Error, Script, "the animation would have more than {limit} frames")            \
    /* Image files (core/analysis/image_reference.cpp) */                                           \
    X(ImageWarning, Warning, ImageFile, "image file '{file}': {warning}")                           \
    X(ImageNotFound, Error, ImageFile, "image file '{file}' not found (looked for {path})")         \
    X(ImageUnreadable, Error, ImageFile, "image file '{file}' cannot be drawn: {problem}")          \
    X(ImageUnsaved, Warning, ImageFile, "save the script to find '{file}'")                         \
    /* Solving (solver/) */                                                                         \
    X(ConflictingConstraint, Error, Conflict, "this constraint cannot hold in {frames}: {miss}")    \
    X(ConflictingWithSupport, Error, Conflict,                                                      \
      "this constraint cannot hold in {frames}: {miss}, with the constraints it depends on")        \
    X(ConflictSupport, Note, ConflictNote, "fixes what the constraint on line {line} needs")        \
    X(ConflictMoreSupport, Note, ConflictNote, "and {count} more constraints")                      \
    X(ThingFree, Warning, Freedom, "{thing} can still move")                                        \
    X(ThingSlides, Warning, Freedom, "{thing} can still move along [{x}, {y}]")                     \
    X(ThingTurns, Warning, Freedom, "{thing} can still rotate about {centre}")                      \
    X(DeadCentre, Warning, DeadCentre,                                                              \
      "the mechanism passes through a dead centre at frame {frame} and goes on the way it was "     \
      "moving")                                                                                     \
    X(SubstepsOfFrame, Warning, SubstepLimit,                                                       \
      "frame {frame} needed more than {limit} sub-steps from the frame before; the rest was "       \
      "taken in one step")                                                                          \
    X(SubstepsOfAnimation, Warning, SubstepLimit,                                                   \
      "the animation used up its sub-steps ({limit} a frame on average) at frame {frame}; from "    \
      "there each frame is reached in one step")                                                    \
    X(InvalidSolverOptions, Error, SolverOptions, "solver options: {problem}")                      \
    /* Forces (solver/dynamics/force_warnings.cpp) */                                               \
    X(StaticallyIndeterminate, Warning, Forces,                                                     \
      "{constraints} are statically indeterminate in {frames}: only their sum is known; the "       \
      "forces give the split of least size")                                                        \
    X(LoadUnheld, Warning, Forces,                                                                  \
      "{thing} can still move: up to {load} of gravity and motion on it is held by nothing in "     \
      "{frames}")                                                                                   \
    X(VelocityJump, Warning, Forces,                                                                \
      "the masses' velocities jump at T = {time}: an impulse of {energy} of kinetic energy, "       \
      "which the forces of the frames do not include")                                              \
    /* Mechanics (solver/mechanics/, solver/motion/driving_parts.cpp) */                            \
    X(MachineLoop, Error, Mechanics,                                                                \
      "a loop: {reader} reads what the constraint on line {line} places from element states, "      \
      "which the mechanics moves")                                                                  \
    X(MachineLoopNote, Note, Mechanics, "places from element states what {reader} reads")           \
    X(ResetWithoutState, Error, Mechanics, "the reset does not name a state of an element")         \
    X(ResetWithoutValue, Error, Mechanics, "the reset has no value")                                \
    X(ResetReadsMachine, Error, Mechanics,                                                          \
      "a reset may read only constants, T, parameters and element states")                          \
    X(ResetNotANumber, Error, Mechanics,                                                            \
      "the reset's value is not a number at T = {time}; it is skipped")                             \
    X(WallTargetMissing, Error, Mechanics, "{wall}: the target is not an element")                  \
    X(WallWithoutGuard, Error, Mechanics, "{wall}: the reflection has no guard")                    \
    X(WallExpressionType, Error, Mechanics, "{wall}: the {part} must be {type}")                    \
    X(WallExpressionReads, Error, Mechanics,                                                        \
      "{wall}: the {part} may read only constants, time, anchors, variables, parameters and "       \
      "element states")                                                                             \
    X(WallWithoutPosition, Error, Mechanics, "{wall}: the reflection names no position state")      \
    X(WallUnpaired, Error, Mechanics,                                                               \
      "{wall}: positions and velocities must name equally many states")                             \
    X(WallNotState, Error, Mechanics,                                                               \
      "{wall}: a position or velocity is not a state of {element}")                                 \
    X(WallPairTypes, Error, Mechanics,                                                              \
      "{wall}: position {position} and velocity {velocity} differ in type")                         \
    X(WallDirection, Error, Mechanics, "{wall}: direction must be 1, -1 or 0")                      \
    X(WallRestitution, Error, Mechanics, "{wall}: restitution must be in [0, 1]")                   \
    X(WallTooManyPositions, Error, Mechanics,                                                       \
      "{wall}: a reflection handles at most {limit} position components")                           \
    X(WallNeverMet, Warning, Mechanics,                                                             \
      "{wall}: {state} has the period {period} and the guard reads it in {range}, where the "       \
      "guard is never zero: the wall is never met")                                                 \
    X(SwingTarget, Error, Mechanics, "{swing}: the target of a swing must be a pendulum")           \
    X(SwingNotFinite, Error, Mechanics, "{swing}: g / l of the pendulum is not finite")             \
    X(GravityTarget, Error, Mechanics,                                                              \
      "{gravity}: the target of gravity must be a point with x_d1")                                 \
    X(IntegratorFailed, Error, Mechanics,                                                           \
      "mechanics at T = {time} s: the integrator failed ({why})")                                   \
    X(StepVanished, Error, Mechanics,                                                               \
      "mechanics at T = {time} s: the integrator's step size vanished")                             \
    X(GuardNotFinite, Error, Mechanics,                                                             \
      "{wall}: the guard is not a finite number at T = {time} s")                                   \
    X(TooManyReflections, Error, Mechanics,                                                         \
      "{wall}: more than {limit} reflections between two frames at T = {time} s; the simulation "   \
      "stops here")                                                                                 \
    X(GuardFlat, Error, Mechanics,                                                                  \
      "{wall}: the guard has no gradient where it crosses zero at T = {time} s")                    \
    X(StateNotFinite, Error, Mechanics,                                                             \
      "{state} is not a finite number at T = {time} s; the simulation stops here")                  \
    X(SomeStateNotFinite, Error, Mechanics,                                                         \
      "mechanics at T = {time} s: a state is not a finite number")                                  \
    X(MechanicsOverBudget, Error, Mechanics,                                                        \
      "mechanics at T = {time} s: stopped after {spent} evaluations of the equations of motion "    \
      "and the walls{weighed}, over the budget of {limit}; the motion is too fast for the "         \
      "script's duration")

enum class DiagnosticId : uint16_t {
#define MV_DIAGNOSTIC_ENUM(id, severity, kind, format) id,
    MV_DIAGNOSTICS(MV_DIAGNOSTIC_ENUM)
#undef MV_DIAGNOSTIC_ENUM
};

struct DiagnosticEntry {
    const char* id;  // "UnknownAnchor": what the tests and the documentation name
    Severity severity;
    DiagnosticKind kind;
    std::string_view format;  // the message, a {name} for each argument in order
};

inline constexpr DiagnosticEntry kDiagnosticTable[] = {
#define MV_DIAGNOSTIC_ENTRY(id, severity, kind, format) \
    {#id, Severity::severity, DiagnosticKind::kind, format},
    MV_DIAGNOSTICS(MV_DIAGNOSTIC_ENTRY)
#undef MV_DIAGNOSTIC_ENTRY
};

constexpr const DiagnosticEntry& diagnosticEntry(DiagnosticId id) {
    return kDiagnosticTable[static_cast<size_t>(id)];
}

// How many different {placeholders} a message has: its arguments. A name may appear twice
// ("{name} is a function: call it as {name}(…)") and takes one argument.
constexpr int placeholderCount(std::string_view format) {
    int count = 0;
    for (size_t open = format.find('{'); open != std::string_view::npos;
         open = format.find('{', open + 1)) {
        const std::string_view name = format.substr(open, format.find('}', open) + 1 - open);
        count += format.substr(0, open).find(name) == std::string_view::npos;
    }
    return count;
}

}  // namespace mv
