#include "app/render_progress.h"

#include <unistd.h>

#include <cmath>

namespace mv::app {

namespace {

constexpr auto kInterval = std::chrono::milliseconds(100);

}  // namespace

bool RenderProgress::isTerminal(std::FILE* file) {
    return isatty(fileno(file)) == 1;
}

void RenderProgress::show(const ExportProgress& progress) {
    if (progress.stage == ExportStage::Over) return clear();
    const auto now = std::chrono::steady_clock::now();
    const bool newStage = !m_shown || progress.stage != m_stage;
    const bool last = progress.done == progress.total;
    if (!newStage && !last && now - m_last < kInterval) return;
    m_last = now;
    m_stage = progress.stage;
    m_shown = true;
    const std::string stage = exportStageText(progress.stage).toStdString();
    if (progress.stage == ExportStage::Finishing) {
        std::fprintf(m_terminal, "\r\x1b[K%s…", stage.c_str());
    } else {
        std::fprintf(m_terminal, "\r\x1b[K%s: %d of %d frames", stage.c_str(), progress.done,
                     progress.total);
        if (progress.framesPerSecond > 0)
            std::fprintf(m_terminal, "  %.1f frames/s", progress.framesPerSecond);
        if (progress.secondsLeft >= 0)
            std::fprintf(m_terminal, "  about %.0f s left", std::ceil(progress.secondsLeft));
    }
    std::fflush(m_terminal);
}

void RenderProgress::clear() {
    if (!m_shown) return;
    std::fprintf(m_terminal, "\r\x1b[K");
    std::fflush(m_terminal);
    m_shown = false;
}

}  // namespace mv::app
