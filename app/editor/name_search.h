#pragma once
// The pair chooser's search: which sprite names match what was typed, in the order a person reads them.

#include <string>
#include <string_view>
#include <vector>

namespace cl {

/// Indices of `names` that contain `query` (ASCII case ignored; an empty query matches every name), in
/// natural order of the names (natural_order.h: "block-2" before "block-10"), equal names by index.
std::vector<int> namesMatching(const std::vector<std::string>& names, std::string_view query);

}  // namespace cl
