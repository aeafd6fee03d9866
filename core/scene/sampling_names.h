#pragma once
// The names sampling conventions and scan directions have in scene files and on the command line.

#include <optional>
#include <string_view>

#include "core/base/collision_result.h"

namespace cl {

/// The name a sampling convention has in scene files and on the command line: "center" or "xna".
std::string_view samplingName(Sampling sampling);
/// The sampling convention with this name, or empty.
std::optional<Sampling> parseSampling(std::string_view name);

/// The name a scan direction has in scene files and on the command line: "a-to-b", "b-to-a" or "both".
std::string_view scanDirectionName(ScanDirection scan);
/// The scan direction with this name, or empty.
std::optional<ScanDirection> parseScanDirection(std::string_view name);

}  // namespace cl
