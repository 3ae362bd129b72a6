#pragma once
// Which of an element's states are angles (a pendulum's `theta`, whose period is 2π) or the rates
// of angles (`theta_d1`): the editor's panels and plots and the language server's hover write
// those in degrees (core/text/readable_value.h), as the script writes angles.

#include <cstddef>

#include "core/model/script.h"

namespace mv {

enum class StateReading { Plain, Angle, AngleRate };

StateReading stateReading(const Element& element, size_t state);

}  // namespace mv
