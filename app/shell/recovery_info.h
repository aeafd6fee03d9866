#pragma once
// RecoveryInfo text: reading the autosave's sidecar (recovery-info.json) whatever it holds. Window-free
// and SFML-free, so the fuzz stage can feed it arbitrary bytes.

#include <string_view>

#include <nlohmann/json.hpp>

namespace cl {

/// The sidecar's format tag.
inline constexpr const char* kRecoveryInfoFormat = "collision-lab/recovery-info";

/// The sidecar as a JSON object, or null when the text is not valid JSON, exceeds the JSON limits
/// (core/io/bounded_json.h), is not an object or lacks the format tag. Never throws but for allocation failure.
nlohmann::json parseRecoveryInfo(std::string_view text);

}  // namespace cl
