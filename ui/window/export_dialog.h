#pragma once
// The export dialog: format, output, scale and frame range (every frame, the timeline's in/out
// range, or any other; inclusive of both ends and shown as "frames 0–325 (326)"); the export runs
// on a worker thread
// (which fans out to render workers) while the dialog shows progress, the time left and Cancel.
// Existing files are replaced only after the user agreed.

#include <QDialog>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

#include "core/model/frame_range.h"

#include "solver/api/animation.h"
#include "ui/export/frame_exporter.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace mv {

class ImageLibrary;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `scriptPath` suggests where the output goes (next to the script); `inOut`, the timeline's
    // in/out range, is offered and chosen when there is one.
    ExportDialog(std::shared_ptr<const Animation> animation, ImageLibrary& images,
                 const QString& scriptPath, std::optional<FrameRange> inOut = std::nullopt,
                 QWidget* parent = nullptr);
    ~ExportDialog() override;

    ExportOptions options() const;
    // The anchors traced on the canvas: an HTML page draws their paths too.
    void setTraces(std::vector<std::pair<ThingId, int>> traces) { m_traces = std::move(traces); }
    FrameRange frames() const;  // the chosen range

protected:
    void reject() override;

private:
    void browse();
    void start();
    void onProgress(const ExportProgress& progress);
    void onFinished(const ExportResult& result);
    void setRunning(bool running);
    QLayout* buildRangeRow(std::optional<FrameRange> inOut);
    void showFrameRange(FrameRange range);

    std::shared_ptr<const Animation> m_animation;
    ImageLibrary& m_images;
    QComboBox* m_format;
    QLineEdit* m_output;
    QDoubleSpinBox* m_scale;
    QSpinBox* m_first;
    QSpinBox* m_last;
    QComboBox* m_range;
    QLabel* m_rangeText;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_start;
    QPushButton* m_close;
    QPushButton* m_openFolder;  // shown once an export is done
    QString m_doneFolder;       // where it wrote
    std::atomic<bool> m_cancel = false;
    std::thread m_worker;
    bool m_overwrite = false;
    std::vector<std::pair<ThingId, int>> m_traces;
};

}  // namespace mv
