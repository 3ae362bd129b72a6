#include "solver/dynamics/thing_inertia.h"

namespace mv {

std::vector<ThingInertia> thingInertia(const Script& script) {
    std::vector<ThingInertia> bodies(script.things.size());
    for (const Mass& mass : script.masses) {
        ThingInertia& body = bodies[mass.target];
        body.centre = body.centre * body.mass + mass.centre * mass.mass;
        body.mass += mass.mass;
        body.centre = body.centre * (1 / body.mass);
    }
    // The second pass needs the common centre: each mass's own inertia plus m d², d in metres.
    const double metres = 1 / script.gravity.scale;
    for (const Mass& mass : script.masses) {
        ThingInertia& body = bodies[mass.target];
        const Vec2 offset = (mass.centre - body.centre) * metres;
        body.inertia += mass.inertia + mass.mass * (offset.x * offset.x + offset.y * offset.y);
    }
    return bodies;
}

}  // namespace mv
