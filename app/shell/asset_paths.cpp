#include "app/shell/asset_paths.h"

#include <system_error>

namespace cl {

std::filesystem::path executableDir() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path{} : exe.parent_path();
}

std::vector<std::filesystem::path> assetSearchPath() {
    std::vector<std::filesystem::path> dirs;
    const std::filesystem::path exeDir = executableDir();
    if (!exeDir.empty()) {
        dirs.push_back(exeDir / "assets");
        dirs.push_back(exeDir.parent_path() / "assets");
        dirs.push_back(exeDir.parent_path() / "share" / "collision-lab" / "assets");
    }
#ifdef COLLISION_LAB_SOURCE_DIR
    dirs.push_back(std::filesystem::path(COLLISION_LAB_SOURCE_DIR) / "assets");
#endif
    return dirs;
}

std::optional<std::filesystem::path> findAssetsDir() {
    std::error_code ec;
    for (const auto& dir : assetSearchPath()) {
        if (std::filesystem::is_directory(dir / "scenes", ec) || std::filesystem::is_directory(dir / "sprites", ec)) {
            return std::filesystem::weakly_canonical(dir, ec);
        }
    }
    return std::nullopt;
}

}  // namespace cl
