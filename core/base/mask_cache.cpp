#include "core/base/mask_cache.h"

#include <set>

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
    // An image is unused when every owner it has is one of our entries (one per threshold).
    std::map<const RgbaImage*, long> ownersHere;
    for (const auto& [key, entry] : m_entries) ++ownersHere[key.first];
    std::set<const RgbaImage*> unused;
    for (const auto& [key, entry] : m_entries) {
        if (entry.image.use_count() == ownersHere[key.first]) unused.insert(key.first);
    }
    std::erase_if(m_entries, [&](const auto& item) { return unused.count(item.first.first) != 0; });
}

}  // namespace cl
