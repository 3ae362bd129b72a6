#pragma once
// The pictures of the editable page as its player finds them (solver/api/player_data.h): the
// page holds each image the script used once, in the order of NamedImages' paths, as
// <img id="mv-pic-K"> (resources/web/editable.html); the player's data lists the ones it draws.

#include <string>
#include <vector>

#include "app/web/named_images.h"
#include "solver/api/player_data.h"

namespace mv::web {

class PagePictures : public PlayerImages {
public:
    explicit PagePictures(const NamedImages& images) : m_images(images) {}
    int add(const std::string& path) override;
    std::vector<std::string> ids() const override;

private:
    const NamedImages& m_images;
    std::vector<size_t> m_used;  // by the player's index: the picture's place in the page
};

}  // namespace mv::web
