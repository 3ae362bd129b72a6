#pragma once
// Shared by the ui tests: a QApplication created on first use (offscreen unless a platform is set)
// and small hand-built scripts and animations whose poses are known exactly.

#include <QString>

#include <memory>

#include "core/model/script.h"
#include "solver/api/animation.h"
#include "ui/window/user_prompts.h"

class QTemporaryDir;

namespace mv {
class LivePreview;
}

namespace mv::test {

void ensureApplication();

// A 200×100 world with two things: `Box`, a 20×10 red image (anchors P = [0,0], Q = [20,10]) and
// `Rod`, a blue bar from A = [0,0] to B = [50,0]. The image is written to `folder`.
std::shared_ptr<const Script> boxAndRodScript(const QString& folder);

// `frames` frames at 10 fps; in frame k the box's top-left corner is at world (10 + 5k, 80) and
// the rod starts at (20, 20) turned by k·10°. Frame `failedFrame` (if >= 0) is marked failed.
Animation boxAndRodAnimation(std::shared_ptr<const Script> script, int frames,
                             int failedFrame = -1);

// A bar whose end B turns about A = [20, 30] by 90° per second; 1 s at 10 fps: frames 0…10.
extern const char* const kTurningRod;

// Prompts for a window under test: discard unsaved work, restore no backup, and fail the test on
// an error message.
UserPrompts quietPrompts();

// How long a test waits for an event before it gives up: a guard against a hang only, never a
// measure of speed, so long that a busy machine does not come near it (tests/house/ keeps tests
// from waiting on the clock otherwise).
inline constexpr int kHangGuardMs = 60000;

// Processes events until the live preview has compiled and solved the latest text.
bool waitUntilIdle(LivePreview& preview);

// Fails the test where ffmpeg is not on PATH: scripts/install-deps.sh installs it, and a run
// without it would pass without exporting anything through it.
void requireFfmpeg();

}  // namespace mv::test
