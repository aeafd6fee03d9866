#include "core/base/collider_options.h"

namespace cl {

const char* colliderModeName(ColliderMode mode) {
    switch (mode) {
        case ColliderMode::Outer: return "outer";
        case ColliderMode::Inner: return "inner";
        case ColliderMode::Balanced: return "balanced";
    }
    return "outer";
}

bool parseColliderMode(const std::string& name, ColliderMode& mode) {
    for (ColliderMode m : {ColliderMode::Outer, ColliderMode::Inner, ColliderMode::Balanced}) {
        if (name == colliderModeName(m)) {
            mode = m;
            return true;
        }
    }
    return false;
}

}  // namespace cl
