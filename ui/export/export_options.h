#pragma once
// What to export and where. A frame sequence (PNG, SVG) goes to a folder (files frame_0000.png,
// frame_0001.png, … named by the frame's index in the whole animation, at least four digits, so
// chunks exported separately join into one sequence), to a pattern with one printf-style integer
// directive such as out/frame_%04d.png, or, for a single frame, to a file named with the format's
// own suffix (f.png). MP4, WebM, GIF, APNG and HTML (one page with a player,
// ui/export/html_export.h) go to one file.

#include <QString>
#include <QStringList>

#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "core/model/frame_range.h"
#include "core/model/strong_id.h"

namespace mv {

enum class ExportFormat { Png, Svg, Mp4, Webm, Gif, Apng, Html };

// Everything the program says about a format, in one table (exportFormats()).
struct ExportFormatInfo {
    ExportFormat format;
    const char* name;         // as `render --format` takes it
    const char* suffix;       // of its files
    bool sequence;            // one file per frame (else one file for all)
    const char* description;  // for the export dialog
};

struct ExportOptions {
    ExportFormat format = ExportFormat::Png;
    QString output;
    double scale = 1;                         // pixels per world unit
    FrameRange frames = FrameRange::from(0);  // of the animation, both ends included
    bool overwrite = false;  // replace existing files; otherwise existing targets are an error
    int threads = 0;         // render workers; 0: one per core
    // HTML: the anchors (thing, anchor index) whose paths the page draws, as the editor's traces.
    std::vector<std::pair<ThingId, int>> traces;
    // HTML: the folder of the editable page's parts (editable_page.h), for the editable page
    // instead of the player's; empty for the player's.
    QString editableParts;

    // Empty when valid for an animation of `frameCount` frames, otherwise what is wrong.
    QString validate(int frameCount) const;
    // The frames it selects of an animation of `animationFrames` frames.
    FrameRange framesOf(int animationFrames) const { return frames.clampedTo(animationFrames); }
};

std::span<const ExportFormatInfo> exportFormats();
const ExportFormatInfo& formatInfo(ExportFormat format);
// "png, svg, mp4, webm, gif, apng, html": the names parseExportFormat takes, for messages.
QString exportFormatNames();
// "png", "svg", "mp4", "webm", "gif", "apng", "html" (case-insensitive); false for anything else.
bool parseExportFormat(const QString& text, ExportFormat* format);
// The format a path names by its suffix (.png, .svg, .mp4, .webm, .gif, .apng, .html); PNG for a
// folder (a path without a suffix, one ending in '/', or a folder that exists with another
// suffix); nothing for any other suffix (`x.htm`), which callers report rather than guess a folder
// of PNGs.
std::optional<ExportFormat> formatForPath(const QString& path);

// Where a sequence's frames go: a pattern (one '%' directive), one file (a name with the format's
// own suffix, for a single frame: validate() refuses more), or a folder (anything else).
enum class SequenceOutput { Folder, Pattern, File };
SequenceOutput sequenceOutput(const QString& output, ExportFormat format);

// The scale to decode the pictures at for an export (ImageLibrary's drawScale): the export's own
// for pixels (PNG frames, videos), 1 for SVG and HTML, which keep the pictures whole.
double pictureDecodeScale(const ExportOptions& options);

// The file frame `frameIndex` of a sequence is written to (`output` and `format` as in
// ExportOptions).
QString framePath(const QString& output, int frameIndex, ExportFormat format = ExportFormat::Png);
// The files an export would write that exist already (for the overwrite question).
QStringList existingTargets(const ExportOptions& options, int animationFrames);

}  // namespace mv
