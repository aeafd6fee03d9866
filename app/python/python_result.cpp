#include "app/python/python_result.h"

#include "core/check/scene_check.h"

namespace cl::python {

nlohmann::json Result::json() const {
    nlohmann::ordered_json entry = resultJson(*algorithm, result);
    entry.erase("time_ns");
    return nlohmann::json::parse(entry.dump());
}

}  // namespace cl::python
