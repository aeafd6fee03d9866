#pragma once
// The bundled scenes the benchmarks measure on, loaded from assets/scenes/.

#include <string>

#include "core/scene/scene.h"

namespace cl::bench {

/// The bundled scene `file` (a name in assets/scenes/); exits with the loader's message if it cannot be read.
Scene loadBundledScene(const std::string& file);

}  // namespace cl::bench
