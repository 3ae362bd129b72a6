#pragma once
// The segments' models of one solve, each built when first asked for and shared by whoever asks
// next: the mechanics' driving parts read every segment's structure (what a pivot or a wall reads
// of the machine) before the animation solves it, and the animation then solves with the same
// model instead of building it again. The animation releases a model when its segment is done, so
// a long script holds the models of the segments still ahead, not of all.

#include <memory>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/kinematics/segment_model.h"

namespace mv {

class SegmentModelStore {
public:
    // Both are borrowed for the life of the models.
    SegmentModelStore(const Script& script, const FramePlan& plan);

    SegmentModel& at(size_t segment);
    void release(size_t segment);

private:
    const Script& m_script;
    const FramePlan& m_plan;
    std::vector<std::unique_ptr<SegmentModel>> m_models;  // by segment; null until asked for
};

}  // namespace mv
