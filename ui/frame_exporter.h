#pragma once
// Exports frames of a solved animation as a PNG sequence, MP4 or GIF.
//
// Rendering is parallel and streaming: N worker threads, each with its own FrameRenderer (its own
// QGraphicsScene), take frames round-robin (worker w renders frames w, w+N, …) and hand them to the
// calling thread through bounded queues; the caller consumes them in frame order, so the encoder
// gets an ordered stream and at most a few frames per worker are alive at any time: memory does
// not grow with the number of frames. PNG files are encoded and written by the workers themselves
// (encoding costs more than rendering); video frames go to the ffmpeg pipe from the caller.

#include <QString>

#include <atomic>
#include <functional>

#include "solver/animation.h"
#include "ui/export_options.h"

namespace mv {

class ImageLibrary;

struct ExportProgress {
    int done = 0;
    int total = 0;
    double secondsLeft = -1;  // -1 until there is an estimate
};

struct ExportResult {
    enum class Outcome { Done, Cancelled, Failed };
    Outcome outcome = Outcome::Done;
    QString message;  // what failed, or where the frames went
    int framesWritten = 0;
};

// Runs the export on the calling thread (which then waits for the workers). `cancel` may be null;
// `progress` (may be empty) is called on the calling thread after every frame. Existing targets
// are replaced only with options.overwrite; otherwise the export fails before writing anything.
ExportResult exportAnimation(const Animation& animation, ImageLibrary& images,
                             const ExportOptions& options,
                             const std::atomic<bool>* cancel = nullptr,
                             const std::function<void(const ExportProgress&)>& progress = {});

}  // namespace mv
