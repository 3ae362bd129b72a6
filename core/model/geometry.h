#pragma once
// Plain 2-D geometry shared by every layer: a vector and the rigid pose of a thing.

#include <cmath>

#include "core/model/elementary_functions.h"

namespace mv {

struct Vec2 {
    double x = 0;
    double y = 0;

    friend Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    friend Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    friend Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
    friend Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
    friend bool operator==(Vec2, Vec2) = default;
    double length() const { return elementary::hypot(x, y); }
};

// A rigid motion: rotate by `angle` (radians, counter-clockwise) about the body origin, then move
// the origin to (x, y). Things are never scaled or mirrored, so three numbers are the whole pose.
struct Pose {
    double x = 0;
    double y = 0;
    double angle = 0;

    Vec2 apply(Vec2 local) const {
        const auto [s, c] = elementary::sinCos(angle);
        return {x + c * local.x - s * local.y, y + s * local.x + c * local.y};
    }
};

}  // namespace mv
