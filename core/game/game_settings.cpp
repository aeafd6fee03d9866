#include "core/game/game_settings.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/collision/algorithms.h"

namespace cl {
namespace {

std::string shown(double value) {
    std::ostringstream text;
    text.precision(17);
    text << value;
    return text.str();
}

std::optional<std::string> checkNumber(std::string_view field, double value, double low, double high, bool lowOpen) {
    const bool ok = std::isfinite(value) && (lowOpen ? value > low : value >= low) && value <= high;
    if (ok) return std::nullopt;
    return std::string(field) + ": must be a number in " + (lowOpen ? "(" : "[") + shown(low) + ", " + shown(high) +
           "], got " + shown(value);
}

std::optional<std::string> checkWhole(std::string_view field, int value, int low, int high) {
    if (value >= low && value <= high) return std::nullopt;
    return std::string(field) + ": must be a whole number in [" + std::to_string(low) + ", " + std::to_string(high) +
           "], got " + std::to_string(value);
}

}  // namespace

std::vector<const Algorithm*> precheckAlgorithms() {
    std::vector<const Algorithm*> rows;
    for (const Algorithm& row : coreAlgorithms().all()) {
        if (row.kind == AlgorithmKind::Bound) rows.push_back(&row);
    }
    return rows;
}

std::optional<std::string> validate(const GameSettings& s) {
    if (auto e = checkNumber("field_width", s.fieldWidth, 64.0, kMaxFieldSide, false)) return e;
    if (auto e = checkNumber("field_height", s.fieldHeight, 64.0, kMaxFieldSide, false)) return e;
    if (auto e = checkNumber("spawn_probability", s.spawnProbability, 0.0, kMaxSpawnPerFrame, false)) return e;
    if (auto e = checkNumber("fall_speed", s.fallSpeed, 0.0, kMaxGameSpeed, true)) return e;
    if (auto e = checkNumber("spin_speed", s.spinSpeed, 0.0, kMaxSpinSpeed, false)) return e;
    if (auto e = checkNumber("person_speed", s.personSpeed, 0.0, kMaxGameSpeed, false)) return e;
    if (auto e = checkWhole("max_blocks", s.maxBlocks, 0, kMaxGameBlocks)) return e;
    if (auto e = checkWhole("initial_blocks", s.initialBlocks, 0, s.maxBlocks)) return e;
    if (auto e = checkWhole("alpha_threshold", s.alphaThreshold, 0, 255)) return e;
    if (s.precheck != kNoPrecheck) {
        const auto rows = precheckAlgorithms();
        if (std::find(rows.begin(), rows.end(), findAlgorithm(s.precheck)) == rows.end()) {
            std::string names;
            for (const Algorithm* row : rows) names += (names.empty() ? "" : ", ") + std::string(row->name);
            return "precheck: must be none or a bounding test (" + names + "), got \"" + s.precheck + "\"";
        }
    }
    const Algorithm* pixel = findAlgorithm(s.pixelTest);
    if (!pixel || pixel->kind != AlgorithmKind::Pixel) {
        std::string names;
        for (const Algorithm& row : coreAlgorithms().all()) {
            if (row.kind == AlgorithmKind::Pixel) names += (names.empty() ? "" : ", ") + std::string(row.name);
        }
        return "pixel_test: must be one of " + names + ", got \"" + s.pixelTest + "\"";
    }
    if (s.broadPhase == BroadPhaseKind::None && s.pairs == PairMode::All && s.maxBlocks > kMaxEveryPairBlocks) {
        return "max_blocks: with no broad phase and every pair tested, at most " + std::to_string(kMaxEveryPairBlocks) +
               " blocks (n(n-1)/2 pairs a frame), got " + std::to_string(s.maxBlocks);
    }
    return std::nullopt;
}

std::string_view pairModeName(PairMode mode) { return mode == PairMode::All ? "all" : "person"; }

std::optional<PairMode> parsePairMode(std::string_view name) {
    if (name == "person") return PairMode::Person;
    if (name == "all") return PairMode::All;
    return std::nullopt;
}

std::string_view broadPhaseName(BroadPhaseKind kind) {
    switch (kind) {
    case BroadPhaseKind::Tree: return "tree";
    case BroadPhaseKind::Sweep: return "sweep";
    case BroadPhaseKind::None: return "none";
    case BroadPhaseKind::Grid: return "grid";
    }
    return "tree";
}

std::optional<BroadPhaseKind> parseBroadPhase(std::string_view name) {
    if (name == "tree") return BroadPhaseKind::Tree;
    if (name == "sweep") return BroadPhaseKind::Sweep;
    if (name == "none") return BroadPhaseKind::None;
    if (name == "grid") return BroadPhaseKind::Grid;
    return std::nullopt;
}

}  // namespace cl
