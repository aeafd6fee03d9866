#pragma once
// The small texts every reader's messages and every report's table share: a string quoted as JSON
// writes it, a value as a message shows it after "got", nlohmann's error without its id, and numbers
// and pixels as the check tables print them.

#include <exception>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

namespace cl {

/// `text` as a JSON string literal (quotes and escapes; invalid UTF-8 replaced).
std::string jsonQuoted(std::string_view text);

/// A number in the fewest digits that read back as the same double ("0.1", "1e+300").
std::string shortestNumber(double value);

/// A JSON value as a message shows it after "got": numbers and short strings as written, containers by kind.
std::string describeJson(const nlohmann::json& value);
/// The same for an order-keeping document.
std::string describeJson(const nlohmann::ordered_json& value);

/// `value` written on one line (invalid UTF-8 replaced): how a check report quotes an expected or actual value.
std::string shortJson(const nlohmann::json& value);

/// nlohmann's message without its "[json.exception.parse_error.101] " id: users need the line and column.
std::string jsonErrorText(const std::exception& e);

/// A number as the check tables print it: six significant digits ("%.6g").
std::string numberText(double value);

/// A pixel as the check tables print it: "(x,y)".
std::string pixelText(glm::ivec2 p);

/// `text` padded with spaces to `width` characters (left-aligned table cell).
std::string padded(std::string text, std::size_t width);

}  // namespace cl
