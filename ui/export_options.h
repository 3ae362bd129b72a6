#pragma once
// What to export and where. A PNG sequence goes to a folder (files frame_0000.png, frame_0001.png,
// … named by frame index, at least four digits) or to a pattern with one printf-style integer
// directive such as out/frame_%04d.png. MP4 and GIF go to one file.

#include <QString>
#include <QStringList>

namespace mv {

enum class ExportFormat { Png, Gif, Mp4 };

struct ExportOptions {
    ExportFormat format = ExportFormat::Png;
    QString output;
    double scale = 1;        // pixels per world unit
    int firstFrame = 0;      // frames [firstFrame, endFrame) of the animation
    int endFrame = -1;       // -1: to the last frame
    bool overwrite = false;  // replace existing files; otherwise existing targets are an error
    int threads = 0;         // render workers; 0: one per core

    // Empty when valid for an animation of `frameCount` frames, otherwise what is wrong.
    QString validate(int frameCount) const;
    int frameCount(int animationFrames) const;  // how many frames the range selects
};

// "png", "gif", "mp4" (case-insensitive); false for anything else.
bool parseExportFormat(const QString& text, ExportFormat* format);
// The format a file name suggests by its suffix (.gif, .mp4), PNG otherwise.
ExportFormat formatForPath(const QString& path);

// The file a PNG frame is written to (`output` as in ExportOptions).
QString pngFramePath(const QString& output, int frameIndex);
// The files an export would write that exist already (for the overwrite question).
QStringList existingTargets(const ExportOptions& options, int animationFrames);

}  // namespace mv
