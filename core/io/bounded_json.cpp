#include "core/io/bounded_json.h"

#include <algorithm>
#include <set>

#include "core/io/json_text.h"

namespace cl {
namespace {

bool identifierLike(std::string_view key) {
    if (key.empty() || key.size() > 40) return false;
    return std::all_of(key.begin(), key.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

/// Builds the tree through nlohmann's own DOM builder, counting and checking every event first.
template <class Json>
class BoundedSax {
public:
    BoundedSax(Json& root, const JsonLimits& limits) : m_dom(root, false), m_limits(limits) {}

    bool null() { return value() && m_dom.null(); }
    bool boolean(bool v) { return value() && m_dom.boolean(v); }
    bool number_integer(typename Json::number_integer_t v) { return value() && m_dom.number_integer(v); }
    bool number_unsigned(typename Json::number_unsigned_t v) { return value() && m_dom.number_unsigned(v); }
    bool number_float(typename Json::number_float_t v, const std::string& s) { return value() && m_dom.number_float(v, s); }
    bool string(std::string& s) { return value() && text(s.size()) && m_dom.string(s); }
    bool binary(typename Json::binary_t& b) { return value() && m_dom.binary(b); }

    bool start_object(std::size_t n) { return open(false) && m_dom.start_object(n); }
    bool start_array(std::size_t n) { return open(true) && m_dom.start_array(n); }
    bool end_object() { return close() && m_dom.end_object(); }
    bool end_array() { return close() && m_dom.end_array(); }

    bool key(std::string& k) {
        Frame& frame = m_stack.back();
        frame.key = k;
        if (m_stack.size() == 1) {
            m_part = std::find(m_limits.keptParts.begin(), m_limits.keptParts.end(), k) != m_limits.keptParts.end();
            m_partValues = 0;
            m_partText = 0;
        }
        if (!frame.keys.insert(k).second) return fail(pathHere(), "duplicate key (a JSON object must not repeat a key)");
        // A kept part's own top-level key is not part of it.
        return (m_stack.size() == 1 || text(k.size())) && m_dom.key(k);
    }

    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
        m_path.clear();
        m_error = "not valid JSON: " + jsonErrorText(e);
        return false;
    }

    const std::string& error() const { return m_error; }
    const std::string& path() const { return m_path; }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;  // next element's index (arrays)
        std::string key;        // last key read (objects)
        std::set<std::string> keys;
    };

    // The path of the value being read now.
    std::string pathHere() const {
        std::string path;
        for (const Frame& frame : m_stack) {
            if (frame.array) {
                // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) about "[" + std::string.
                path += '[';
                path += std::to_string(frame.index == 0 ? 0 : frame.index - 1);
                path += ']';
            } else {
                const std::string key = jsonPathKey(frame.key);
                if (key.front() == '[') path += key;
                else path += (path.empty() ? "" : ".") + key;
            }
        }
        return path;
    }

    bool fail(std::string path, std::string error) {
        if (m_error.empty()) {
            m_path = std::move(path);
            m_error = std::move(error);
        }
        return false;
    }

    bool value() {
        if (!m_stack.empty() && m_stack.back().array) ++m_stack.back().index;
        if (++m_values > m_limits.maxValues) {
            return fail(pathHere(), "too many values: more than " + std::to_string(m_limits.maxValues) + " in one file");
        }
        if (m_part && ++m_partValues > m_limits.maxPartValues) {
            return fail(pathHere(), "too many values: this part is kept as written and may hold at most " +
                                        std::to_string(m_limits.maxPartValues));
        }
        return true;
    }

    bool text(std::size_t bytes) {
        if (m_part && (m_partText += bytes) > m_limits.maxPartTextBytes) {
            return fail(pathHere(), "too much text: this part is kept as written and may hold at most " +
                                        std::to_string(m_limits.maxPartTextBytes) + " bytes of strings and keys");
        }
        return true;
    }

    bool open(bool array) {
        if (!value()) return false;
        if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth) {
            return fail(pathHere(), "nested too deeply: more than " + std::to_string(m_limits.maxDepth) +
                                        " levels of arrays and objects; the limit is " + std::to_string(m_limits.maxDepth));
        }
        m_stack.push_back(Frame{array, 0, {}, {}});
        return true;
    }

    bool close() {
        m_stack.pop_back();
        if (m_stack.empty()) m_part = false;
        return true;
    }

    nlohmann::detail::json_sax_dom_parser<Json> m_dom;
    const JsonLimits& m_limits;
    std::vector<Frame> m_stack;
    std::size_t m_values = 0;
    bool m_part = false;
    std::size_t m_partValues = 0;
    std::size_t m_partText = 0;
    std::string m_path;
    std::string m_error;
};

template <class Json>
BasicJsonParseResult<Json> parse(std::string_view text, const JsonLimits& limits) {
    BasicJsonParseResult<Json> result;
    Json root;
    {
        BoundedSax<Json> sax(root, limits);
        const bool parsed = Json::sax_parse(text, &sax, Json::input_format_t::json, true, false);
        if (!parsed || !sax.error().empty()) {
            result.path = sax.path();
            result.error = sax.error().empty() ? "not valid JSON" : sax.error();
            return result;
        }
    }
    result.json = std::move(root);
    return result;
}

}  // namespace

std::string jsonPathKey(std::string_view key) {
    if (identifierLike(key)) return std::string(key);
    std::string shown(key.substr(0, 40));
    std::string quoted = nlohmann::json(shown).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (key.size() > 40) quoted.insert(quoted.size() - 1, "...");
    return "[" + quoted + "]";
}

JsonParseResult parseBoundedJson(std::string_view text, const JsonLimits& limits) { return parse<nlohmann::json>(text, limits); }

OrderedJsonParseResult parseBoundedOrderedJson(std::string_view text, const JsonLimits& limits) {
    return parse<nlohmann::ordered_json>(text, limits);
}

}  // namespace cl
