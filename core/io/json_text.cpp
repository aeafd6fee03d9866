#include "core/io/json_text.h"

#include <charconv>
#include <cstdio>

namespace cl {
namespace {

template <class Json>
std::string describeValue(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::boolean: return value.template get<bool>() ? "true" : "false";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: return value.dump();
        case Json::value_t::number_float: return shortestNumber(value.template get<double>());
        case Json::value_t::string: {
            const auto& s = value.template get_ref<const std::string&>();
            if (s.size() > 40) return "the string " + jsonQuoted(s.substr(0, 37)) + "...";
            return "the string " + jsonQuoted(s);
        }
        case Json::value_t::array: return "an array";
        case Json::value_t::object: return "an object";
        default: return "an unsupported value";
    }
}

}  // namespace

std::string shortJson(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string jsonQuoted(std::string_view text) {
    return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string shortestNumber(double value) {
    char buffer[64];
    auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return std::string(buffer, end);
}

std::string describeJson(const nlohmann::json& value) { return describeValue(value); }
std::string describeJson(const nlohmann::ordered_json& value) { return describeValue(value); }

std::string jsonErrorText(const std::exception& e) {
    std::string text = e.what();
    if (!text.empty() && text.front() == '[') {
        auto close = text.find("] ");
        if (close != std::string::npos) text.erase(0, close + 2);
    }
    return text;
}

std::string numberText(double value) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

// Built by appending: GCC 12 warns falsely (-Wrestrict) about "literal" + std::string temporaries here.
std::string pixelText(glm::ivec2 p) {
    std::string text("(");
    text += std::to_string(p.x);
    text += ",";
    text += std::to_string(p.y);
    text += ")";
    return text;
}

std::string padded(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

}  // namespace cl
