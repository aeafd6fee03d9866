#include "core/collision/scan_cursor.h"

#include <algorithm>

namespace cl {

ScanCursor::ScanCursor(const Body& a, const Body& b, Sampling sampling)
    : m_a(a), m_b(b), m_transform(makePairTransform(a.transform, b.transform, sampling)) {
    m_total = static_cast<std::int64_t>(a.mask->width()) * a.mask->height();
    reset();
}

void ScanCursor::reset() {
    m_index = 0;
    m_hitsBefore = 0;
    m_rowStart = m_transform.startFx;
    m_position = m_rowStart;
    load();
}

void ScanCursor::load() {
    if (done()) return;
    const int w = m_a.mask->width();
    ScanSample& s = m_sample;
    s.index = m_index;
    s.a = {static_cast<int>(m_index % w), static_cast<int>(m_index / w)};
    s.alphaA = m_a.mask->alpha(s.a.x, s.a.y);
    s.solidA = m_a.mask->solid(s.a.x, s.a.y);
    s.positionInB = toDouble(m_position);
    const std::int64_t bx = pickPixel(m_position.x, m_transform.sampling);
    const std::int64_t by = pickPixel(m_position.y, m_transform.sampling);
    s.insideB = bx >= 0 && by >= 0 && bx < m_b.mask->width() && by < m_b.mask->height();
    // Outside B the index is clamped only for display; insideB says whether it is real.
    s.b = {static_cast<int>(std::clamp<std::int64_t>(bx, -(1 << 30), 1 << 30)),
           static_cast<int>(std::clamp<std::int64_t>(by, -(1 << 30), 1 << 30))};
    s.alphaB = s.insideB ? m_b.mask->alpha(s.b.x, s.b.y) : 0;
    s.solidB = s.insideB && m_b.mask->solid(s.b.x, s.b.y);
    s.hit = s.solidA && s.solidB;
}

void ScanCursor::step() {
    if (done()) return;
    if (m_sample.hit) ++m_hitsBefore;
    ++m_index;
    if (m_index % m_a.mask->width() == 0) {
        m_rowStart += m_transform.stepYFx;
        m_position = m_rowStart;
    } else {
        m_position += m_transform.stepXFx;
    }
    load();
}

void ScanCursor::stepRow() {
    if (done()) return;
    const std::int64_t row = m_index / m_a.mask->width();
    while (!done() && m_index / m_a.mask->width() == row) step();
}

bool ScanCursor::runToNextHit() {
    do {
        step();
    } while (!done() && !m_sample.hit);
    return !done();
}

}  // namespace cl
