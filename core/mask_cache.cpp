#include "core/mask_cache.h"

namespace cl {

std::shared_ptr<const AlphaMask> MaskCache::get(const std::shared_ptr<const RgbaImage>& image, int threshold) {
    const auto key = std::make_pair(image.get(), threshold);
    auto it = m_entries.find(key);
    if (it == m_entries.end()) {
        auto mask = std::make_shared<const AlphaMask>(*image, threshold);
        it = m_entries.emplace(key, Entry{image, std::move(mask)}).first;
    }
    return it->second.mask;
}

void MaskCache::pruneUnused() {
    std::erase_if(m_entries, [](const auto& item) { return item.second.image.use_count() == 1; });
}

}  // namespace cl
