#pragma once
// Where the bundled assets (scenes, sprites) are, found from any working directory.

#include <filesystem>
#include <optional>
#include <vector>

namespace cl {

/// Folders searched for the assets, most specific first: next to the executable (`<exe dir>/assets`,
/// `<exe dir>/../assets`, `<exe dir>/../share/collision-lab/assets`), then the source tree the
/// program was built from.
std::vector<std::filesystem::path> assetSearchPath();

/// The first folder of assetSearchPath() that holds a `scenes` or a `sprites` folder; empty if none.
std::optional<std::filesystem::path> findAssetsDir();

/// Folder of the running executable (from /proc/self/exe); empty when it cannot be read.
std::filesystem::path executableDir();

}  // namespace cl
