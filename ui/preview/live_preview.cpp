#include "ui/preview/live_preview.h"

#include <QElapsedTimer>

#include <cmath>
#include <optional>
#include <utility>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "solver/api/animation_cache.h"
#include "solver/api/single_frame.h"
#include "ui/scene/image_files.h"

namespace mv {

namespace {

// Solved frames are sent to the GUI in batches at most this often, so a fast solver does not
// flood the event queue with one call per frame.
constexpr qint64 kBatchIntervalMs = 30;

QElapsedTimer steadyClock() {
    QElapsedTimer clock;
    clock.start();
    return clock;
}

}  // namespace

struct LivePreview::Job {
    int generation = 0;
    std::shared_ptr<const SourceText> source;
    QString folder;
    std::shared_ptr<std::atomic<bool>> cancel;
    // The frame to solve first, and the shown animation's solution there to start it from.
    int playhead = 0;
    SolveOptions options;
    std::shared_ptr<const Script> shownScript;
    std::optional<FrameSolution> shownFrame;
};

LivePreview::LivePreview(ImageLibrary& images, QObject* parent)
    : QObject(parent),
      m_nowMs([clock = steadyClock()] { return static_cast<double>(clock.nsecsElapsed()) / 1e6; }),
      m_images(images),
      m_cache(std::make_unique<AnimationCache>()) {
    m_pool.setMaxThreadCount(1);
    m_debounce.setSingleShot(true);
    m_debounce.setTimerType(Qt::PreciseTimer);  // a coarse timer may fire 5 % (7 ms) late
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &LivePreview::start);
}

LivePreview::~LivePreview() {
    if (m_cancel) *m_cancel = true;
    m_pool.waitForDone();  // jobs refer to this object; queued results to it are then discarded
}

void LivePreview::setText(const QString& text, const QString& folder, const QString& name) {
    // The same text again is no edit: rehighlighting the model's names reports a change of the
    // document's formats as a change of its text, and would solve everything a second time.
    if (m_generation > 0 && text == m_text && folder == m_folder && name == m_name) return;
    m_text = text;
    m_folder = folder;
    m_name = name;
    if (m_cancel) *m_cancel = true;  // its result would be stale anyway
    const int delay = debounceAfter(m_lastResponseMs);
    if (delay == 0) return runNow();
    m_debounce.start(delay);
}

int LivePreview::debounceAfter(double responseMs) {
    if (!(responseMs >= kFrameMs)) return 0;
    return static_cast<int>(std::ceil(std::min<double>(responseMs, kDebounceMs)));
}

void LivePreview::noteResponse(int generation) {
    if (generation == m_respondedGeneration) return;
    m_respondedGeneration = generation;
    m_lastResponseMs = m_nowMs() - m_runStartMs;
}

void LivePreview::runNow() {
    m_debounce.stop();
    start();
}

void LivePreview::start() {
    if (m_cancel) *m_cancel = true;
    auto job = std::make_shared<Job>();
    job->generation = ++m_generation;
    job->source = std::make_shared<const SourceText>(m_name.toStdString(), m_text.toStdString());
    job->folder = m_folder;
    job->cancel = std::make_shared<std::atomic<bool>>(false);
    job->playhead = m_playhead;
    job->options = m_options;
    job->shownScript = m_shown.script;
    if (const FrameSolution* frame = m_shown.frame(m_playhead)) job->shownFrame = *frame;
    m_cancel = job->cancel;
    m_runStartMs = m_nowMs();
    ++m_running;
    m_pool.start([this, job] { runJob(job); });
}

// On the worker thread: touches nothing of this object but its queued entry points.
void LivePreview::runJob(std::shared_ptr<Job> job) {
    const int generation = job->generation;
    auto post = [this](auto&& call) {
        QMetaObject::invokeMethod(this, std::forward<decltype(call)>(call), Qt::QueuedConnection);
    };
    if (*job->cancel) {
        post([this, generation] { onFinished(generation, nullptr); });
        return;
    }
    CompileResult compiled = compileScript(job->source, ImageFiles(m_images, job->folder));
    std::shared_ptr<const Script> script = compiled.script;
    FramePlan plan = script ? planFrames(*script) : FramePlan{};
    post([this, generation, source = job->source, diagnostics = std::move(compiled.diagnostics),
          script, plan]() mutable {
        onCompiled(generation, std::move(source), std::move(diagnostics), std::move(script),
                   std::move(plan));
    });
    if (!script || *job->cancel) {
        post([this, generation] { onFinished(generation, nullptr); });
        return;
    }
    // Frame 0 is the in-order solve's first frame anyway.
    if (job->playhead > 0 && job->playhead < static_cast<int>(plan.frames.size())) {
        FrameSolution start = carryOver(*script, job->shownScript.get(),
                                        job->shownFrame ? &*job->shownFrame : nullptr);
        FrameSolution ahead = solveSingleFrame(*script, plan, job->playhead, std::move(start),
                                               job->options, job->cancel.get());
        post([this, generation, ahead = std::move(ahead)]() mutable {
            onAheadFrame(generation, std::move(ahead));
        });
    }
    std::vector<FrameSolution> batch;
    QElapsedTimer sinceFlush;
    sinceFlush.start();
    auto flush = [&] {
        if (batch.empty()) return;
        auto frames = std::make_shared<const std::vector<FrameSolution>>(std::move(batch));
        batch.clear();
        post([this, generation, frames] { onFrames(generation, frames); });
        sinceFlush.restart();
    };
    SolveHooks hooks;
    hooks.cancel = job->cancel.get();
    hooks.cache = m_cache.get();
    hooks.onFrame = [&](const FrameSolution& frame) {
        batch.push_back(frame);
        // The first frame goes at once: it is what switches the canvas to the new script.
        if (frame.index == 0 || sinceFlush.elapsed() >= kBatchIntervalMs) flush();
    };
    auto animation = std::make_shared<Animation>(solveAnimation(script, job->options, hooks));
    flush();
    std::shared_ptr<const Animation> result = animation->cancelled ? nullptr : animation;
    post([this, generation, result] { onFinished(generation, result); });
}

void LivePreview::onCompiled(int generation, std::shared_ptr<const SourceText> source,
                             std::vector<Diagnostic> diagnostics,
                             std::shared_ptr<const Script> script, FramePlan plan) {
    if (generation != m_generation) return;
    m_source = std::move(source);
    m_compileDiagnostics = std::move(diagnostics);
    m_diagnostics = m_compileDiagnostics;
    emit diagnosticsChanged();
    if (!script) return;  // errors: the last good animation stays
    m_pendingScript = std::move(script);
    m_pendingPlan = std::move(plan);
    m_pendingShown = false;
}

void LivePreview::switchToPending() {
    if (m_pendingShown) return;
    m_pendingShown = true;
    // The animation shown so far may hold thousands of frames, and freeing them takes milliseconds
    // (8 ms for 10,000 pump frames): that is done on another thread, not before the new frame.
    auto old = std::make_shared<PreviewAnimation>(std::exchange(m_shown, PreviewAnimation{}));
    QThreadPool::globalInstance()->start([old = std::move(old)]() mutable { old.reset(); });
    m_shown.script = m_pendingScript;
    m_shown.plan = m_pendingPlan;
    emit animationReset();
}

void LivePreview::onAheadFrame(int generation, FrameSolution frame) {
    if (generation != m_generation) return;
    switchToPending();
    noteResponse(generation);
    if (frame.index < m_shown.solvedCount()) return;  // the in-order solve was faster
    const int index = frame.index;
    m_shown.ahead = std::move(frame);
    emit framesAdded(index, index + 1);
}

void LivePreview::onFrames(int generation,
                           std::shared_ptr<const std::vector<FrameSolution>> frames) {
    if (generation != m_generation) return;
    switchToPending();
    noteResponse(generation);
    const int first = m_shown.solvedCount();
    m_shown.streamed.append(std::move(frames));
    emit framesAdded(first, m_shown.solvedCount());
}

void LivePreview::onFinished(int generation, std::shared_ptr<const Animation> animation) {
    if (generation == m_generation && animation) {
        switchToPending();
        const int first = m_shown.solvedCount();
        m_shown.complete = true;
        m_shown.animation = animation;
        m_shown.streamed = {};  // the animation's are the same
        // Every frame, cached ones too, came through onFrame in a batch before this; should the
        // animation hold more than the batches brought, the views still hear of them.
        if (m_shown.solvedCount() > first) emit framesAdded(first, m_shown.solvedCount());
        m_diagnostics = m_compileDiagnostics;
        const std::vector<Diagnostic> more = animation->diagnostics;
        m_diagnostics.insert(m_diagnostics.end(), more.begin(), more.end());
        emit diagnosticsChanged();
        emit animationComplete();
    }
    finishRun();
}

void LivePreview::finishRun() {
    --m_running;
    if (!isBusy()) emit idle();
}

}  // namespace mv
