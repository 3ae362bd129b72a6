#pragma once
// The ui's answer to core's ImageResolver: image names are resolved against the script's folder
// and decoded through the ImageLibrary (once; the canvas and the exporter then draw the same
// decoded image), so an image that cannot be drawn is an error at analysis.

#include <QString>

#include "core/analysis/image_resolver.h"

namespace mv {

class ImageLibrary;

class ImageFiles : public ImageResolver {
public:
    // `images` is borrowed and must outlive this object; it is safe to share across threads.
    ImageFiles(ImageLibrary& images, QString folder);

    ImageCheck check(const std::string& file) const override;
    std::string folder() const override { return m_folder.toStdString(); }

private:
    ImageLibrary& m_images;
    QString m_folder;
};

}  // namespace mv
