#include "core/alpha_mask.h"

#include <algorithm>
#include <bit>

namespace cl {

AlphaMask::AlphaMask(const RgbaImage& image, int threshold)
    : m_width(std::max(0, image.width)),
      m_height(std::max(0, image.height)),
      m_threshold(std::clamp(threshold, 0, 255)),
      m_wordsPerRow((m_width + 63) / 64) {
    const std::size_t pixelCount = static_cast<std::size_t>(m_width) * m_height;
    m_alpha.assign(pixelCount, 0);
    m_bits.assign(static_cast<std::size_t>(m_height) * m_wordsPerRow, 0);
    m_rowSpanStart.assign(static_cast<std::size_t>(m_height) + 1, 0);

    // A short buffer is read as transparent rather than past its end.
    const std::size_t available = std::min(pixelCount, image.pixels.size() / 4);
    for (std::size_t i = 0; i < available; ++i) m_alpha[i] = image.pixels[i * 4 + 3];

    int minX = m_width, minY = m_height, maxX = -1, maxY = -1;
    const auto limit = static_cast<std::uint8_t>(m_threshold);
    for (int y = 0; y < m_height; ++y) {
        const std::uint8_t* alphaRow = m_alpha.data() + static_cast<std::size_t>(y) * m_width;
        std::uint64_t* bitRow = m_bits.data() + static_cast<std::size_t>(y) * m_wordsPerRow;
        for (int word = 0; word < m_wordsPerRow; ++word) {
            const int x0 = word * 64;
            const int n = std::min(64, m_width - x0);
            std::uint64_t bits = 0;
            for (int i = 0; i < n; ++i) bits |= static_cast<std::uint64_t>(alphaRow[x0 + i] > limit) << i;
            bitRow[word] = bits;
            m_solidCount += std::popcount(bits);
        }
        // Runs of solid pixels, found word by word from the packed bits.
        int runStart = -1;
        for (int word = 0; word < m_wordsPerRow; ++word) {
            const std::uint64_t bits = bitRow[word];
            int pos = 0;  // bits below pos in this word are consumed
            while (pos < 64) {
                if (runStart < 0) {
                    const std::uint64_t rest = bits >> pos;
                    if (rest == 0) break;
                    pos += std::countr_zero(rest);
                    runStart = word * 64 + pos;
                } else {
                    const std::uint64_t rest = ~bits >> pos;
                    if (rest == 0) break;  // the run goes on into the next word
                    pos += std::countr_zero(rest);
                    m_spans.push_back({runStart, word * 64 + pos});
                    runStart = -1;
                }
            }
        }
        if (runStart >= 0) m_spans.push_back({runStart, m_width});
        m_rowSpanStart[static_cast<std::size_t>(y) + 1] = static_cast<std::uint32_t>(m_spans.size());

        const auto spans = rowSpans(y);
        if (!spans.empty()) {
            minX = std::min(minX, spans.front().x0);
            maxX = std::max(maxX, spans.back().x1 - 1);
            minY = std::min(minY, y);
            maxY = y;
        }
    }
    if (maxX >= 0) m_tight = IntRect{minX, minY, maxX + 1, maxY + 1};
}

}  // namespace cl
