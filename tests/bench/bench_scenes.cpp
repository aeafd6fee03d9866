#include "tests/bench/bench_scenes.h"

#include <cstdio>
#include <cstdlib>

namespace cl::bench {

Scene loadBundledScene(const std::string& file) {
    SceneLoadResult loaded = loadScene(std::string(COLLISION_LAB_SCENES_DIR) + "/" + file);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.message().c_str());
        std::exit(1);
    }
    return std::move(*loaded.scene);
}

}  // namespace cl::bench
