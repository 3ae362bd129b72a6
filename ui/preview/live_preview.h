#pragma once
// The live preview: every edit is compiled and solved again on a worker thread, while the GUI
// thread stays free.
//
// Edits are debounced, as long as solving is slower than typing: the delay after a keystroke is the
// time the last run took to show its first frame (the response), up to 150 ms, and nothing at all
// when that was under a display frame (16 ms), so a keystroke in a script that solves fast
// reaches the canvas at once. A run is a job on a one-thread pool, so runs never
// overlap and may share the solver's AnimationCache; a newer edit sets the running job's cancel
// flag (SolveHooks::cancel, checked between frames) and queues behind it. The worker sends
// immutable snapshots back through queued calls: the compile result (diagnostics), batches of
// solved frames as they come (SolveHooks::onFrame) and the finished animation. Results of an
// older run than the latest are dropped. The shown animation switches to a new script only when
// its first frame arrives, so while the script has errors the last good animation stays.
//
// The frame under the playhead comes first: before the in-order solve, a run solves that frame on
// its own from the same frame of the animation shown so far (solver/api/single_frame.h), so after
// an edit the canvas changes as soon as one frame is solved, wherever the playhead is in a long
// animation; the in-order frames follow and replace it.

#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"
#include "solver/api/solve_options.h"
#include "ui/preview/preview_animation.h"

namespace mv {

class AnimationCache;
class ImageLibrary;

class LivePreview : public QObject {
    Q_OBJECT
public:
    // `images` (borrowed, must outlive this object) decodes the script's images for the analysis.
    explicit LivePreview(ImageLibrary& images, QObject* parent = nullptr);
    ~LivePreview() override;

    // A new text to preview after the debounce delay. `folder` resolves image paths; `name` is
    // what diagnostics call the file.
    void setText(const QString& text, const QString& folder, const QString& name);
    // Starts the run for the last text at once (opening a file, images changed on disk, tests).
    void runNow();
    bool isBusy() const { return m_running > 0 || m_debounce.isActive(); }
    // An edit waits for quiet before its run starts.
    bool isDebouncing() const { return m_debounce.isActive(); }
    // The frame the next run solves first.
    void setPlayhead(int frame) { m_playhead = frame; }
    // How the next runs solve (the animation and the frame ahead), and the drags of their frames.
    void setSolveOptions(const SolveOptions& options) { m_options = options; }
    const SolveOptions& solveOptions() const { return m_options; }

    const PreviewAnimation& shown() const { return m_shown; }
    // The source and diagnostics of the latest compile (offsets refer to that source).
    const std::shared_ptr<const SourceText>& source() const { return m_source; }
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }

    static constexpr int kDebounceMs = 150;  // the longest wait, and the wait before any response
    static constexpr double kFrameMs =
        16;  // a display frame: a response this fast waits not at all
    // The quiet a keystroke waits for after a run that responded in `responseMs`.
    static int debounceAfter(double responseMs);
    // How long the last run took to show its first frame (kDebounceMs until a run has).
    double lastResponseMs() const { return m_lastResponseMs; }
    // The clock responses are timed with, in milliseconds: a monotonic clock unless a test sets
    // one, so that what a response time does is tested without depending on the machine's speed.
    void setClock(std::function<double()> nowMs) { m_nowMs = std::move(nowMs); }

signals:
    void diagnosticsChanged();
    void animationReset();  // a new script is shown (frames start again from 0)
    // Frames [first, end) can be shown now: the next in-order frames, or the playhead's ahead.
    void framesAdded(int first, int end);
    void animationComplete();
    void idle();  // no run pending or running

private:
    struct Job;
    void start();
    void runJob(std::shared_ptr<Job> job);
    void onCompiled(int generation, std::shared_ptr<const SourceText> source,
                    std::vector<Diagnostic> diagnostics, std::shared_ptr<const Script> script,
                    FramePlan plan);
    void onAheadFrame(int generation, FrameSolution frame);
    void onFrames(int generation, std::shared_ptr<const std::vector<FrameSolution>> frames);
    void onFinished(int generation, std::shared_ptr<const Animation> animation);
    void switchToPending();
    void noteResponse(int generation);
    void finishRun();

    SolveOptions m_options;
    QTimer m_debounce;
    std::function<double()> m_nowMs;
    double m_runStartMs = 0;  // when the latest run started
    double m_lastResponseMs = kDebounceMs;
    int m_respondedGeneration = 0;  // the latest run whose response was measured
    QThreadPool m_pool;             // one thread: runs execute one after the other
    ImageLibrary& m_images;
    QString m_text, m_folder, m_name;
    int m_generation = 0;
    int m_running = 0;
    int m_playhead = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;  // of the latest job
    std::unique_ptr<AnimationCache> m_cache;      // used by the one worker thread only

    // The latest compile: its script waits in m_pending until its first frame is solved.
    std::shared_ptr<const SourceText> m_source;
    std::vector<Diagnostic> m_diagnostics;
    std::vector<Diagnostic> m_compileDiagnostics;
    std::shared_ptr<const Script> m_pendingScript;
    FramePlan m_pendingPlan;
    bool m_pendingShown = true;
    PreviewAnimation m_shown;
};

}  // namespace mv
