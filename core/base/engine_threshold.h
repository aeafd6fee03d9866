#pragma once
// Engine rules: a sprite's alpha threshold written as another engine's own setting, converted exactly to
// this project's rule "a pixel is solid when alpha > t" (t in 0..255).
//
// Each rule is read from the engine's own source (the files are named in core/README.md):
//   pygame   mask.from_surface(surface, threshold=127)       solid when alpha > threshold (int)
//   godot    BitMap.create_from_image_alpha(image, 0.1)      solid when alpha / 255.0 > threshold,
//            the threshold passed as a 32-bit float and the division done in double
//   phaser   makePixelPerfect(alphaTolerance = 1)            solid when alpha != 0 && alpha >= tolerance
//   sfml-wiki Collision::PixelPerfectTest(a, b, AlphaLimit=0) solid when alpha > AlphaLimit (sf::Uint8)
//   xna      the per-pixel collision samples' IntersectPixels solid when alpha != 0 (no setting)

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cl {

/// One engine whose alpha rule converts to `alpha > t`.
struct EngineRule {
    std::string_view name;     ///< The name a scene file uses, e.g. "godot".
    std::string_view setting;  ///< What the engine's setting is called, e.g. "BitMap.create_from_image_alpha threshold".
    std::string_view rule;     ///< The engine's own comparison, e.g. "alpha / 255.0 > threshold".
    std::string_view source;   ///< The engine's source file the rule was read from.
    bool takesValue = true;    ///< False when the engine has no setting (xna): the value must be absent.
    std::optional<double> defaultValue;  ///< The engine's default setting, when it has one.
};

/// Every engine rule, in a fixed order.
std::span<const EngineRule> engineRules();

/// The rule with this name, or nullptr.
const EngineRule* findEngineRule(std::string_view name);

/// A conversion's answer: the threshold, or why there is none.
struct EngineThreshold {
    std::optional<int> threshold;  ///< This project's t (solid when alpha > t); empty on error.
    std::string error;             ///< Why the value does not convert; empty on success.
};

/// The project threshold t such that a pixel of alpha a (0..255) is solid under the engine's rule at
/// `value` exactly when a > t. A missing value means the engine's default. Errors (never a guess): an
/// unknown engine, a value an engine without a setting does not take, a value the engine would not
/// accept (pygame and the SFML wiki take whole numbers; NaN anywhere), and a value that makes alpha 0
/// solid, which no t in 0..255 can say.
EngineThreshold engineThreshold(std::string_view engine, std::optional<double> value);

/// The conversion in words for the Sprites tool and `check`, e.g.
/// "godot BitMap.create_from_image_alpha threshold 0.1: alpha / 255.0 > threshold -> alpha > 25";
/// the error text when the value does not convert.
std::string describeEngineThreshold(std::string_view engine, std::optional<double> value);

}  // namespace cl
