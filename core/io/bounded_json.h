#pragma once
// BoundedJson: parses JSON text with limits on nesting depth, value counts and text held, and refuses
// duplicate object keys, stopping at the first breach with the JSON path where it happened. The
// parser is event-driven and builds the tree only up to the limits, so a hostile file (a hundred
// thousand nested arrays, tens of millions of numbers) is refused before anything recursive (copy,
// dump, compare) ever walks it and before it costs more memory than the limits allow.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace cl {

/// Deepest nesting of arrays and objects accepted (a scene file needs 6 levels).
inline constexpr int kMaxJsonDepth = 64;
/// Most values (scalars, arrays, objects; keys not counted) one document may hold.
inline constexpr std::size_t kMaxJsonValues = 4'000'000;
/// Most values one part kept as written (JsonLimits::keptParts) may hold.
inline constexpr std::size_t kMaxKeptPartValues = 1'000'000;
/// Most bytes of strings and keys one part kept as written may hold.
inline constexpr std::size_t kMaxKeptPartTextBytes = 16u * 1024u * 1024u;

/// What parseBoundedJson() accepts.
struct JsonLimits {
    int maxDepth = kMaxJsonDepth;
    std::size_t maxValues = kMaxJsonValues;
    /// Top-level keys whose values are kept as written (a scene's "view" and "expect"): each is held to
    /// maxPartValues values and maxPartTextBytes bytes of strings and keys.
    std::vector<std::string> keptParts;
    std::size_t maxPartValues = kMaxKeptPartValues;
    std::size_t maxPartTextBytes = kMaxKeptPartTextBytes;
};

/// A parsed document, or where and why it was refused.
template <class BasicJson>
struct BasicJsonParseResult {
    std::optional<BasicJson> json;  ///< Set on success.
    std::string path;     ///< On failure: the JSON path of the offending value ("view.a[3]"); empty for the whole text.
    std::string error;    ///< On failure: "not valid JSON: ..." or the limit that was exceeded.
    /// True on success.
    bool ok() const { return json.has_value(); }
    /// "path: error", or just the error when there is no path.
    std::string message() const { return path.empty() ? error : path + ": " + error; }
};

/// A document with objects' keys sorted (nlohmann::json).
using JsonParseResult = BasicJsonParseResult<nlohmann::json>;
/// A document with objects' keys in file order (nlohmann::ordered_json).
using OrderedJsonParseResult = BasicJsonParseResult<nlohmann::ordered_json>;

/// Parses `text` (strict JSON, no comments) within `limits`. Never throws except for allocation failure.
JsonParseResult parseBoundedJson(std::string_view text, const JsonLimits& limits = {});
/// The same, keeping objects' keys in file order (an atlas's frames are in the order written).
OrderedJsonParseResult parseBoundedOrderedJson(std::string_view text, const JsonLimits& limits = {});

/// A key as it appears in a JSON path: ".name" for identifier-like keys, otherwise ["quoted"] (cut to 40 characters).
std::string jsonPathKey(std::string_view key);

}  // namespace cl
