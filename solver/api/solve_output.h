#pragma once
// The machine-readable forms of `solve` (and of the Python module's Animation.json()): one JSON
// document, or CSV with a header and one row per frame. Both walk the fields FrameFields lists
// (frame_fields.h) and write through an OutputBuffer (shortest round-trip numbers, large writes).
// The formats are documented in docs/command-line.md.

#include <span>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_range.h"
#include "core/text/source_text.h"
#include "solver/api/animation.h"
#include "solver/api/output_buffer.h"

namespace mv {

// {"format": "movimentum-solve", "version", "fps", "width", "height", "diagnostics", "frames"}
// with the frames of `range`. False when a printed frame failed.
bool writeSolveJson(OutputBuffer& out, const SourceText& source,
                    const std::vector<Diagnostic>& diagnostics, const Animation& animation,
                    const FrameRange& range);
// The same with the frames at `frames` (indices into animation.frames, printed in that order).
bool writeSolveJson(OutputBuffer& out, const SourceText& source,
                    const std::vector<Diagnostic>& diagnostics, const Animation& animation,
                    std::span<const int> frames);

// A header naming each column by its JSON path (things.Crank.anchors.P.x), then one row per frame
// of `range`. False when a printed frame failed.
bool writeSolveCsv(OutputBuffer& out, const Animation& animation, const FrameRange& range);

}  // namespace mv
