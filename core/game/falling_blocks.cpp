#include "core/game/falling_blocks.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace cl {
namespace {

std::shared_ptr<const AlphaMask> maskOf(const std::shared_ptr<const RgbaImage>& image, int threshold, const char* what) {
    if (!image || image->width <= 0 || image->height <= 0) {
        throw std::invalid_argument(std::string("falling blocks: the ") + what + " sprite is missing");
    }
    return std::make_shared<const AlphaMask>(*image, threshold);
}

const GameSettings& checked(const GameSettings& settings) {
    if (auto problem = validate(settings)) throw std::invalid_argument("falling blocks: " + *problem);
    return settings;
}

}  // namespace

FallingBlocksGame::FallingBlocksGame(const GameSprites& sprites, const GameSettings& settings, std::uint64_t seed)
    : m_sprites(sprites),
      m_settings(checked(settings)),
      m_seed(seed),
      m_random(seed),
      m_personMask(maskOf(sprites.person, settings.alphaThreshold, "person")),
      m_blockMask(maskOf(sprites.block, settings.alphaThreshold, "block")),
      m_pass(settings) {
    m_person = {std::max(0.0, (m_settings.fieldWidth - m_personMask->width()) / 2.0),
                m_settings.fieldHeight - m_personMask->height()};
    const double top = -static_cast<double>(m_blockMask->height());
    for (int i = 0; i < m_settings.initialBlocks; ++i) spawnBlock(top + m_random.unit() * fallDistance());
}

double FallingBlocksGame::fallDistance() const {
    const double halfDiagonal = std::hypot(m_blockMask->width() / 2.0, m_blockMask->height() / 2.0);
    return m_settings.fieldHeight + halfDiagonal + m_blockMask->height();
}

void FallingBlocksGame::spawnBlock(double centreY) {
    FallingBlock block;
    block.id = m_nextId++;
    const double blockWidth = m_blockMask->width();
    block.position = {blockWidth / 2.0 + m_random.unit() * std::max(0.0, m_settings.fieldWidth - blockWidth), centreY};
    block.rotation = m_random.unit() * 2.0 * std::numbers::pi;
    const double speed = m_settings.spinSpeed * (0.5 + m_random.unit());
    block.spin = m_random.unit() < 0.5 ? -speed : speed;
    m_blocks.push_back(block);
}

SpriteTransform FallingBlocksGame::personTransform() const {
    SpriteTransform t;
    t.position = m_person;
    return t;
}

SpriteTransform FallingBlocksGame::blockTransform(const FallingBlock& block) const { return fallingBlockTransform(block, *m_blockMask); }

SpriteMotion FallingBlocksGame::personMotion() const {
    SpriteMotion motion;
    motion.velocity = m_personStep;
    return motion;
}

SpriteMotion FallingBlocksGame::blockMotion(const FallingBlock& block) const {
    SpriteMotion motion;
    motion.velocity = {0.0, m_settings.fallSpeed};
    motion.angularVelocityDeg = block.spin * (180.0 / std::numbers::pi);
    return motion;
}

void FallingBlocksGame::step(std::uint8_t input) {
    input &= kInputMask;
    m_inputs.push_back(input);

    // The tutorial's Update: move the person, maybe spawn, animate every block, drop those below the field.
    const glm::dvec2 before = m_person;
    if (input & kInputLeft) m_person.x -= m_settings.personSpeed;
    if (input & kInputRight) m_person.x += m_settings.personSpeed;
    m_person.x = std::clamp(m_person.x, 0.0, std::max(0.0, m_settings.fieldWidth - m_personMask->width()));
    m_personStep = m_person - before;

    // One draw every frame, whatever the outcome, so a run's random sequence does not depend on the cap.
    const double whole = std::floor(m_settings.spawnProbability);
    const int spawns = static_cast<int>(whole) + (m_random.unit() < m_settings.spawnProbability - whole ? 1 : 0);
    for (int i = 0; i < spawns && static_cast<int>(m_blocks.size()) < m_settings.maxBlocks; ++i) {
        spawnBlock(-static_cast<double>(m_blockMask->height()));
    }

    const double leaveBelow = m_settings.fieldHeight + std::hypot(m_blockMask->width() / 2.0, m_blockMask->height() / 2.0);
    for (FallingBlock& block : m_blocks) {
        block.position.y += m_settings.fallSpeed;
        block.rotation += block.spin;
    }
    std::erase_if(m_blocks, [&](const FallingBlock& block) { return block.position.y > leaveBelow; });

    m_report.frame = frames() - 1;
    m_pass.run(Body{m_personMask.get(), personTransform()}, *m_blockMask, m_blocks, {0.0, m_settings.fallSpeed}, m_report);
}

double steadySpawnProbability(const GameSettings& settings, const GameSprites& sprites, int blocks) {
    const double blockSide = sprites.block ? sprites.block->height : 64.0;
    const double blockWidth = sprites.block ? sprites.block->width : 64.0;
    const double distance = settings.fieldHeight + blockSide + std::hypot(blockWidth / 2.0, blockSide / 2.0);
    return std::min(kMaxSpawnPerFrame, blocks * settings.fallSpeed / distance);
}

}  // namespace cl
