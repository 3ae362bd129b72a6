#pragma once
// Exports frames of a solved animation as a PNG or SVG sequence, MP4, WebM, GIF or APNG, or as
// one HTML page with a player (html_export.h: the poses, not pictures, so nothing is rendered).
//
// Rendering is parallel and streaming: N worker threads (one per core), each with its own
// FrameRenderer (its own QGraphicsScene), take frames round-robin (worker w renders frames w,
// w+N, …) and hand them to the calling thread through bounded queues; the caller consumes them in
// frame order, so files are written and the encoder is fed in order, and at most a few frames per
// worker are alive at any time: memory does not grow with the number of frames. The workers also
// encode PNG and SVG frames (encoding costs more than drawing), so that runs on every core too;
// video frames go to the ffmpeg pipe from the caller while ffmpeg encodes in a process of its own.
// A GIF is streamed twice (palette, then encoding; video_encoder.h says why).

#include <QString>

#include <atomic>
#include <functional>

#include "solver/api/animation.h"
#include "ui/export/export_options.h"

namespace mv {

class ImageLibrary;

// What an export is doing: drawing and writing frames, reading them for a GIF's palette, encoding
// them with that palette, or waiting for ffmpeg to finish the file after the last frame. Over is
// the last report of every export that started, however it ended.
enum class ExportStage { Frames, Palette, Encoding, Finishing, Over };

// "writing frames", "computing the palette", "encoding", "finishing the file", "done".
QString exportStageText(ExportStage stage);

struct ExportProgress {
    ExportStage stage = ExportStage::Frames;
    int done = 0;                // frames of this stage done
    int total = 0;               // frames in the range
    double secondsLeft = -1;     // for the whole export; -1 while there is no estimate
    double framesPerSecond = 0;  // over the whole export so far, counting every pass
};

struct ExportResult {
    enum class Outcome { Done, Cancelled, Failed };
    Outcome outcome = Outcome::Done;
    QString message;  // what failed, or where the frames went
    int framesWritten = 0;
};

// Runs the export on the calling thread (which then waits for the workers). `cancel` may be null;
// `progress` (may be empty) is called on the calling thread after every frame and when a stage
// starts. Existing targets are replaced only with options.overwrite; otherwise the export fails
// before writing anything.
ExportResult exportAnimation(const Animation& animation, ImageLibrary& images,
                             const ExportOptions& options,
                             const std::atomic<bool>* cancel = nullptr,
                             const std::function<void(const ExportProgress&)>& progress = {});

}  // namespace mv
