#pragma once
// The script model: the analysed, immutable result of a script. Solver and editor share one
// instance (std::shared_ptr<const Script>); nothing changes it after the analyzer built it.
// Model objects refer to each other by index (a thing's index is its ThingId), so a solver
// diagnostic can point at a script line and at a canvas item alike.

#include <memory>
#include <string>
#include <vector>

#include "core/model/expression.h"
#include "core/model/geometry.h"
#include "core/model/relation.h"
#include "core/model/strong_id.h"
#include "core/text/source_text.h"

namespace mv {

struct Config {
    double fps = 25;
    double width = 800;
    double height = 600;
    SourceRange range;  // empty when the script has no .config
};

struct Anchor {
    std::string name;
    SourceRange range;  // the anchor's definition `Q = P+[1,0]`
    // Position in the thing's body frame, model units, y up. For an image thing this is
    // (px, -py) of the pixel position as written (y down), so the body origin is the image's
    // top-left corner; for a bar it is the position as written.
    Vec2 local;
};

struct Thing {
    enum class Kind { Image, Bar };
    std::string name;
    SourceRange nameRange;
    SourceRange range;  // the whole definition
    Kind kind = Kind::Image;
    std::string imageFile;        // Image: as written in the script
    std::string imagePath;        // Image: resolved against the script's folder
    SourceRange imageRange;       // Image: the file name literal
    bool imageMissing = false;    // drawn as a placeholder rectangle
    std::string color = "black";  // Bar
    double lineWidth = 3;         // Bar, in pixels
    std::vector<Anchor> anchors;  // in definition order (a bar is drawn through them in this order)
    Pose initialPose;             // where solving the first frame starts from

    int anchorIndex(std::string_view anchorName) const;  // -1 when there is none
};

struct Variable {
    std::string name;  // "_" for anonymous variables
    ValueType type = ValueType::Scalar;
    bool anonymous = false;
    SourceRange range;  // first use
};

struct Constraint {
    std::string key;  // empty: no key, the constraint holds to the end
    Relation relation = Relation::Equal;
    ExpressionPtr lhs;
    ExpressionPtr rhs;
    // `Crank.Q = _;`: replaces earlier constraints with the same key and constrains nothing.
    bool frees = false;
    SourceRange range;  // the statement, for diagnostics
    int step = 0;       // index of the step it was written in
    // Lifetime in steps, [firstStep, endStep): from its step until a later step reuses its key.
    int firstStep = 0;
    int endStep = 0;
};

struct ElementState {
    std::string name;  // "theta", "theta_d1", "x", "x_d1"
    ValueType type = ValueType::Scalar;
    int order = 1;        // 2 for a state that has a first-derivative state
    int derivative = -1;  // index of this state's `_d1` state, or -1
    Vec2 initial;         // scalar states use .x
    SourceRange range;    // where it was set, or the element's name when it is a default
    // A periodic state's period (the pendulum's theta: 2π), 0 for one that is not. It is
    // integrated and output continuously; guards and regions read it reduced to
    // (−period/2, period/2] (docs/reference.md#mechanics).
    double period = 0;
};

struct ElementParameter {
    std::string name;  // "m", "g", "l"
    double value = 0;
    SourceRange range;
};

// How an element is drawn (docs/reference.md#visuals, "Visuals"): what stands for it on the canvas,
// and how its coordinates (length units, y up) map to the canvas's.
struct ElementVisual {
    enum class Kind {
        Class,  // the kind's own drawing: a pendulum's rod and bob, a point's disc
        None,   // `visual = none`: not drawn
        Image,  // `visual = 'file.png'`: the image centred on the bob or the point
    };
    Kind kind = Kind::Class;
    Vec2 origin;                // the canvas position of the element's [0, 0]
    double scale = 100;         // canvas units per length unit, > 0
    std::string imageFile;      // Image: as written in the script
    std::string imagePath;      // Image: resolved against the script's folder
    SourceRange imageRange;     // Image: the file name literal
    bool imageMissing = false;  // Image: missing or undecodable; the class visual stands in

    Vec2 toCanvas(Vec2 local) const { return origin + local * scale; }
};

struct Element {
    enum class Kind { Pendulum, Point };
    std::string name;
    SourceRange nameRange;
    SourceRange range;
    Kind kind = Kind::Pendulum;
    std::vector<ElementState> states;
    std::vector<ElementParameter> parameters;
    // Pendulum: where it hangs (docs/reference.md#mechanics), a vector expression of anchors,
    // variables and time in its own units; null for a fixed pivot at [0, 0].
    ExpressionPtr pivot;
    ElementVisual visual;

    int stateIndex(std::string_view stateName) const;      // -1 when there is none
    int parameterIndex(std::string_view paramName) const;  // -1 when there is none
};

struct Interaction {
    enum class Kind { Swing, Gravity, Reflection };
    std::string name;
    SourceRange nameRange;
    SourceRange range;
    Kind kind = Kind::Swing;
    ElementId target;
    Vec2 gravity{0, -9.81};            // Gravity
    ExpressionPtr guard;               // Reflection: zero on the wall; reads the target's positions
    ExpressionPtr region;              // Reflection: Boolean, or null for the whole wall
    int direction = 0;                 // Reflection: 1, -1 or 0
    double restitution = 1;            // Reflection, in [0, 1]
    std::vector<uint32_t> positions;   // Reflection: state indices of the target
    std::vector<uint32_t> velocities;  // Reflection: the matching first derivatives
};

// `Name : .mass target = Thing m = … [J = …] [at = …];` (docs/reference.md#masses-and-forces): a
// rigid mass fixed to a thing, whose inertia the forces read. Several on one thing add up.
struct Mass {
    std::string name;
    SourceRange nameRange;
    SourceRange range;
    ThingId target;
    double mass = 0;     // kg, > 0
    double inertia = 0;  // kg·m² about its own centre, >= 0 (spread along a bar: computed)
    // Its centre in the target's body frame, model units, y up (as Anchor::local): the anchor or
    // point of `at`, or the length-weighted centroid of a bar's polyline.
    Vec2 centre;
};

// `Name : .gravity g = [gx, gy] [scale = s];` without a target: the gravity every mass feels, and
// the scale that turns canvas units into metres for all the forces (none written: g = 0).
struct MachineGravity {
    std::string name;  // empty when the script has none
    SourceRange range;
    Vec2 g{0, 0};        // m/s², y up
    double scale = 100;  // canvas units per metre, > 0
};

// `Element.state := value;` at a marker.
struct Reset {
    ElementId element;
    uint32_t state = 0;
    ExpressionPtr value;
    int step = 0;
    SourceRange range;
};

struct Step {
    double time = 0;  // absolute, seconds
    SourceRange markerRange;
    std::vector<ConstraintId> constraints;  // written in this step
    std::vector<uint32_t> resets;           // indices into Script::resets
};

struct Script {
    std::shared_ptr<const SourceText> source;
    std::string folder;  // the script's folder (ImageResolver::folder), which the editor watches
    Config config;
    std::vector<Thing> things;  // in definition order = painting order
    std::vector<Variable> variables;
    std::vector<Constraint> constraints;  // in source order
    std::vector<Element> elements;
    std::vector<Interaction> interactions;
    std::vector<Reset> resets;
    std::vector<Mass> masses;  // in definition order
    MachineGravity gravity;
    std::vector<Step> steps;  // in time order

    int thingIndex(std::string_view name) const;        // -1 when there is none
    int elementIndex(std::string_view name) const;      // -1 when there is none
    int interactionIndex(std::string_view name) const;  // -1 when there is none
    int massIndex(std::string_view name) const;         // -1 when there is none
    int variableIndex(std::string_view name) const;  // named variables only; -1 when there is none
};

}  // namespace mv
