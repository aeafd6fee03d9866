#include "app/tools/game_session.h"

#include <algorithm>
#include <cmath>

namespace cl {

void GameSession::start(const GameSprites& sprites, const GameSettings& settings, std::uint64_t seed) {
    m_game = std::make_unique<FallingBlocksGame>(sprites, settings, seed);
    m_sprites = sprites;
    m_hits.clear();
    m_workMs.clear();
    m_replayInputs.clear();
    m_replayAt = 0;
    m_stopReason.clear();
}

bool GameSession::replay() {
    if (!m_game || !m_sprites) return false;
    std::vector<std::uint8_t> inputs(m_game->inputs().begin(), m_game->inputs().end());
    start(*m_sprites, m_game->settings(), m_game->seed());
    m_replayInputs = std::move(inputs);
    return true;
}

void GameSession::stop() {
    m_game.reset();
    m_workMs.clear();
    m_replayInputs.clear();
    m_replayAt = 0;
}

void GameSession::step(std::uint8_t input) {
    if (!m_game) return;
    if (m_replayAt < m_replayInputs.size()) input = m_replayInputs[m_replayAt++];
    try {
        m_game->step(static_cast<std::uint8_t>(input & kInputMask));
    } catch (const WorkBudgetExceeded& e) {
        stop();
        m_stopReason = e.what();
        return;
    }
    const FrameReport& frame = m_game->lastFrame();
    for (const GameHit& h : frame.hits) m_hits.push_back({frame.frame, h.a, h.b});
    m_workMs.push_back(double(frame.times.totalNs()) / 1e6);
    while (m_workMs.size() > kWindowFrames) m_workMs.pop_front();
}

GameRun GameSession::run() const {
    if (!m_game) return {};
    return recordedRun(*m_game, m_hits);
}

double GameSession::workPercentileMs(double p) const {
    if (m_workMs.empty()) return 0.0;
    std::vector<double> sorted(m_workMs.begin(), m_workMs.end());
    std::sort(sorted.begin(), sorted.end());
    // Nearest rank: the smallest value with at least p% of the samples at or below it.
    const double rank = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * double(sorted.size()));
    const std::size_t index = rank <= 1.0 ? 0 : std::size_t(rank) - 1;
    return sorted[std::min(index, sorted.size() - 1)];
}

}  // namespace cl
