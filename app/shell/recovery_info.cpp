#include "app/shell/recovery_info.h"

#include "core/io/bounded_json.h"

namespace cl {

nlohmann::json parseRecoveryInfo(std::string_view text) {
    JsonParseResult parsed = parseBoundedJson(text);
    if (!parsed.ok() || !parsed.json->is_object()) return nullptr;
    const auto format = parsed.json->find("format");
    if (format == parsed.json->end() || !format->is_string() || format->get_ref<const std::string&>() != kRecoveryInfoFormat) {
        return nullptr;
    }
    return std::move(*parsed.json);
}

}  // namespace cl
