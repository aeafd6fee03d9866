#pragma once
// MaskCache: the source documents' alpha cache — one mask per (image, threshold), built on demand.

#include <map>
#include <memory>
#include <utility>

#include "core/base/alpha_mask.h"
#include "core/base/image.h"

namespace cl {

/// Hands out shared masks, building each (image, threshold) pair at most once while it is cached.
/// Not thread-safe: one cache per thread or an outside lock.
class MaskCache {
public:
    /// The mask of `image` at `threshold`, built now if this pair has not been asked for before.
    std::shared_ptr<const AlphaMask> get(const std::shared_ptr<const RgbaImage>& image, int threshold);
    /// Number of masks held.
    std::size_t size() const { return m_entries.size(); }
    /// Drops every mask whose image is no longer used outside the cache.
    void pruneUnused();
    /// Drops everything.
    void clear() { m_entries.clear(); }

private:
    struct Entry {
        std::shared_ptr<const RgbaImage> image;  // keeps the key's address from being reused
        std::shared_ptr<const AlphaMask> mask;
    };
    std::map<std::pair<const RgbaImage*, int>, Entry> m_entries;
};

}  // namespace cl
