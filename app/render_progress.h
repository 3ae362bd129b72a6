#pragma once
// The progress line `render` keeps up to date on standard error while it exports, when that is a
// terminal: the stage, frames done, frames per second and the time left, redrawn in place at
// most ten times a second. In a pipe or a log file it prints nothing (a carriage-return progress
// line would only clutter them); `--quiet` turns it off in a terminal too.

#include <chrono>
#include <cstdio>

#include "ui/export/frame_exporter.h"

namespace mv::app {

class RenderProgress {
public:
    explicit RenderProgress(std::FILE* terminal) : m_terminal(terminal) {}
    ~RenderProgress() { clear(); }
    RenderProgress(const RenderProgress&) = delete;
    RenderProgress& operator=(const RenderProgress&) = delete;

    // True when `file` is a terminal, so a progress line belongs there.
    static bool isTerminal(std::FILE* file);

    void show(const ExportProgress& progress);
    // Removes the line, so what is printed next starts on a clean line.
    void clear();

private:
    std::FILE* m_terminal;
    std::chrono::steady_clock::time_point m_last;
    ExportStage m_stage = ExportStage::Frames;
    bool m_shown = false;
};

}  // namespace mv::app
