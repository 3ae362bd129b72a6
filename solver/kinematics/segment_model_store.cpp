#include "solver/kinematics/segment_model_store.h"

namespace mv {

SegmentModelStore::SegmentModelStore(const Script& script, const FramePlan& plan)
    : m_script(script), m_plan(plan), m_models(plan.segments.size()) {}

SegmentModel& SegmentModelStore::at(size_t segment) {
    std::unique_ptr<SegmentModel>& model = m_models.at(segment);
    if (!model) model = std::make_unique<SegmentModel>(m_script, m_plan.segments[segment]);
    return *model;
}

void SegmentModelStore::release(size_t segment) {
    m_models.at(segment).reset();
}

}  // namespace mv
