#include "solver/kinematics/segment_model.h"

#include "core/model/constraint_store.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

SegmentModel::SegmentModel(const Script& script, const Segment& segment)
    : problem(script, segment),
      structure(analyseStructure(problem)),
      weights(problem.distanceWeights(angleLever(script.config))),
      inheritedAnonymous(ConstraintStore(script).inheritedAnonymous(segment.firstStep)) {}

}  // namespace mv
