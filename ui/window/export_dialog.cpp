#include "ui/window/export_dialog.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QUrl>

#include "ui/scene/image_library.h"

namespace mv {

namespace {

QString suffixFor(ExportFormat format) {
    const ExportFormatInfo& info = formatInfo(format);
    return info.sequence ? QStringLiteral("_frames") : "." + QLatin1String(info.suffix);
}

enum class RangeChoice { All, InOut, Custom };

}  // namespace

ExportDialog::ExportDialog(std::shared_ptr<const Animation> animation, ImageLibrary& images,
                           const QString& scriptPath, std::optional<FrameRange> inOut,
                           QWidget* parent)
    : QDialog(parent),
      m_animation(std::move(animation)),
      m_images(images),
      m_format(new QComboBox(this)),
      m_output(new QLineEdit(this)),
      m_scale(new QDoubleSpinBox(this)),
      m_first(new QSpinBox(this)),
      m_last(new QSpinBox(this)),
      m_range(new QComboBox(this)),
      m_rangeText(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_start(new QPushButton(tr("Export"), this)),
      m_close(new QPushButton(tr("Close"), this)),
      m_openFolder(new QPushButton(tr("Open Folder"), this)) {
    setWindowTitle(tr("Export Frames"));
    setMinimumWidth(560);
    for (const ExportFormatInfo& info : exportFormats())
        m_format->addItem(tr(info.description), int(info.format));
    const QFileInfo script(scriptPath.isEmpty() ? "untitled.movimentum" : scriptPath);
    const QString base = script.absoluteDir().filePath(script.completeBaseName());
    m_output->setText(base + suffixFor(ExportFormat::Png));
    connect(m_format, &QComboBox::currentIndexChanged, this, [this, base] {
        m_output->setText(base + suffixFor(ExportFormat(m_format->currentData().toInt())));
    });
    auto* browseButton = new QToolButton(this);
    browseButton->setText("…");
    connect(browseButton, &QToolButton::clicked, this, &ExportDialog::browse);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browseButton);
    m_scale->setRange(0.1, 16);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(1);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Output"), outputRow);
    form->addRow(tr("Scale (pixels per unit)"), m_scale);
    form->addRow(tr("Frames"), buildRangeRow(inOut));
    form->addRow(m_progress);
    form->addRow(m_status);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_openFolder);
    buttons->addStretch();
    buttons->addWidget(m_start);
    buttons->addWidget(m_close);
    form->addRow(buttons);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    connect(m_start, &QPushButton::clicked, this, &ExportDialog::start);
    connect(m_close, &QPushButton::clicked, this, &ExportDialog::reject);
    m_openFolder->setObjectName("openFolder");
    m_openFolder->hide();  // until an export is done
    connect(m_openFolder, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(m_doneFolder)); });
}

// The range: a choice of every frame, the in/out range (when there is one) or custom, the first
// and last frame (both exported), and the range in words.
QLayout* ExportDialog::buildRangeRow(std::optional<FrameRange> inOut) {
    const int count = static_cast<int>(m_animation->frames.size());
    const FrameRange all = FrameRange::all(count);
    m_range->addItem(tr("All frames"), int(RangeChoice::All));
    if (inOut && !inOut->clampedTo(count).empty())
        m_range->addItem(tr("In/out range"), int(RangeChoice::InOut));
    m_range->addItem(tr("Custom"), int(RangeChoice::Custom));
    m_first->setRange(0, std::max(0, count - 1));
    m_last->setRange(0, std::max(0, count - 1));
    auto frameRangeOf = [all, inOut, count](RangeChoice choice) {
        return choice == RangeChoice::InOut ? inOut->clampedTo(count) : all;
    };
    connect(m_range, &QComboBox::currentIndexChanged, this, [this, frameRangeOf] {
        const auto choice = RangeChoice(m_range->currentData().toInt());
        if (choice != RangeChoice::Custom) showFrameRange(frameRangeOf(choice));
    });
    // Editing a number makes the range a custom one.
    for (QSpinBox* box : {m_first, m_last}) {
        connect(box, &QSpinBox::valueChanged, this, [this, frameRangeOf] {
            const auto choice = RangeChoice(m_range->currentData().toInt());
            if (choice != RangeChoice::Custom && frames() != frameRangeOf(choice))
                m_range->setCurrentIndex(m_range->findData(int(RangeChoice::Custom)));
            m_rangeText->setText(QString::fromStdString(describe(frames())));
        });
    }
    m_range->setCurrentIndex(m_range->count() == 3 ? 1 : 0);
    showFrameRange(frameRangeOf(RangeChoice(m_range->currentData().toInt())));
    auto* row = new QHBoxLayout;
    row->addWidget(m_range);
    row->addWidget(m_first);
    row->addWidget(new QLabel(tr("to"), this));
    row->addWidget(m_last);
    row->addWidget(m_rangeText, 1);
    return row;
}

void ExportDialog::showFrameRange(FrameRange range) {
    const QSignalBlocker blockFirst(m_first), blockLast(m_last);
    m_first->setValue(range.first);
    m_last->setValue(range.last);
    m_rangeText->setText(QString::fromStdString(describe(frames())));
}

FrameRange ExportDialog::frames() const {
    return {m_first->value(), m_last->value()};
}

ExportDialog::~ExportDialog() {
    m_cancel = true;
    if (m_worker.joinable()) m_worker.join();
}

ExportOptions ExportDialog::options() const {
    ExportOptions options;
    options.format = ExportFormat(m_format->currentData().toInt());
    options.output = m_output->text();
    options.scale = m_scale->value();
    options.frames = frames();
    options.overwrite = m_overwrite;
    options.traces = m_traces;
    return options;
}

void ExportDialog::browse() {
    const ExportFormat format = ExportFormat(m_format->currentData().toInt());
    const QString path =
        formatInfo(format).sequence
            ? QFileDialog::getExistingDirectory(this, tr("Folder for the frames"), m_output->text())
            : QFileDialog::getSaveFileName(this, tr("Export to"), m_output->text());
    if (!path.isEmpty()) m_output->setText(path);
}

void ExportDialog::start() {
    m_overwrite = false;
    m_openFolder->hide();
    ExportOptions chosen = options();
    const int frames = static_cast<int>(m_animation->frames.size());
    if (const QString problem = chosen.validate(frames); !problem.isEmpty()) {
        m_status->setText(problem);
        return;
    }
    const QStringList existing = existingTargets(chosen, frames);
    if (!existing.isEmpty()) {
        const auto answer = QMessageBox::question(
            this, tr("Replace files?"),
            tr("%n file(s) exist already, e.g. %1. Replace them?", "", int(existing.size()))
                .arg(existing.front()));
        if (answer != QMessageBox::Yes) return;
        m_overwrite = true;
        chosen.overwrite = true;
    }
    setRunning(true);
    m_cancel = false;
    m_worker = std::thread([this, chosen] {
        const ExportResult result = exportAnimation(
            *m_animation, m_images, chosen, &m_cancel, [this](const ExportProgress& p) {
                QMetaObject::invokeMethod(
                    this, [this, p] { onProgress(p); }, Qt::QueuedConnection);
            });
        QMetaObject::invokeMethod(
            this, [this, result] { onFinished(result); }, Qt::QueuedConnection);
    });
}

void ExportDialog::onProgress(const ExportProgress& progress) {
    if (progress.stage == ExportStage::Over) return;  // onFinished says how it ended
    // While ffmpeg finishes the file there is nothing to count: a busy bar, not a full one.
    m_progress->setRange(0, progress.stage == ExportStage::Finishing ? 0 : progress.total);
    m_progress->setValue(progress.done);
    const QString left = progress.secondsLeft < 0
                             ? QString()
                             : tr(", about %1 s left").arg(progress.secondsLeft, 0, 'f', 1);
    if (progress.stage == ExportStage::Finishing)
        return m_status->setText(tr("%1…").arg(exportStageText(progress.stage)));
    m_status->setText(tr("%1: %2 of %3 frames%4")
                          .arg(exportStageText(progress.stage))
                          .arg(progress.done)
                          .arg(progress.total)
                          .arg(left));
}

// The bar ends full when the export is done (not the busy stripes of ffmpeg's last stage), and
// the folder that holds what it wrote is a click away.
void ExportDialog::onFinished(const ExportResult& result) {
    if (m_worker.joinable()) m_worker.join();
    setRunning(false);
    const bool done = result.outcome == ExportResult::Outcome::Done;
    m_progress->setRange(0, 1);
    m_progress->setValue(done ? 1 : 0);
    m_status->setText(result.message);
    const ExportOptions chosen = options();
    m_doneFolder = formatInfo(chosen.format).sequence ? chosen.output
                                                      : QFileInfo(chosen.output).absolutePath();
    m_openFolder->setVisible(done);
}

void ExportDialog::setRunning(bool running) {
    m_start->setEnabled(!running);
    m_close->setText(running ? tr("Cancel") : tr("Close"));
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_format, m_output, m_scale, m_range, m_first, m_last})
        w->setEnabled(!running);
}

// Close while exporting means Cancel: stop the export, keep the dialog until it has stopped.
void ExportDialog::reject() {
    if (!m_worker.joinable()) return QDialog::reject();
    m_cancel = true;
    m_status->setText(tr("cancelling…"));
}

}  // namespace mv
