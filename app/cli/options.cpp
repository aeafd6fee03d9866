#include "app/cli/options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace cl {

namespace {

constexpr std::string_view kHelp = "--help";
/// Help entries: the option and its value name padded to this width, then two spaces and the help.
constexpr std::size_t kLabelWidth = 16;
/// Usage lines wrap before this column.
constexpr std::size_t kUsageWidth = 104;

// Appends rather than prepends: GCC 12 warns (-Wrestrict, wrongly) on "literal" + std::string at -O3.
std::string quoted(std::string_view text) { return std::string("'").append(text).append("'"); }

// "[WORD]" in a usage line.
std::string bracketed(std::string_view text) { return std::string("[").append(text).append("]"); }

// Numbers as people write them: 0.001, 10000, 1e+07.
std::string numberText(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

// "a, b or c".
std::string alternatives(const std::vector<std::string>& words) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    }
    return text;
}

std::optional<std::uint64_t> readWhole(std::string_view text) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::optional<double> readNumber(std::string_view text) {
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<std::array<double, 2>> readSize(std::string_view text, bool whole) {
    const auto x = text.find('x');
    if (x == std::string_view::npos) return std::nullopt;
    std::array<double, 2> size{};
    for (int side = 0; side < 2; ++side) {
        const std::string_view part = side == 0 ? text.substr(0, x) : text.substr(x + 1);
        if (whole) {
            const auto value = readWhole(part);
            // Far beyond any range a row gives, and exact in a double.
            if (!value || *value > (std::uint64_t(1) << 52)) return std::nullopt;
            size[side] = double(*value);
        } else {
            const auto value = readNumber(part);
            if (!value) return std::nullopt;
            size[side] = *value;
        }
    }
    return size;
}

std::vector<std::string> splitCommas(std::string_view text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        parts.emplace_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) return parts;
        start = comma + 1;
    }
}

// What a value of `row` must be, for messages: "a whole number in [1, 1000000]".
std::string expectedPhrase(const OptionRow& row) {
    if (!row.expected.empty()) return row.expected;
    const std::string of = row.unit.empty() ? std::string() : " of " + row.unit;
    switch (row.kind) {
    case OptionKind::Flag: return "no value";
    case OptionKind::Whole:
        return "a whole number" + of + " in [" + std::to_string(row.wholeLow) + ", " + std::to_string(row.wholeHigh) + "]";
    case OptionKind::Number: return "a number" + of + " in [" + numberText(row.low) + ", " + numberText(row.high) + "]";
    case OptionKind::Choice: return alternatives(row.choices);
    case OptionKind::List: return "a comma-separated list of " + alternatives(row.choices);
    case OptionKind::Size:
        if (!row.wholeSize) return "WIDTHxHEIGHT (two numbers, e.g. 800x600)";
        return "WIDTHxHEIGHT in whole pixels, the width in [" + numberText(row.low) + ", " + numberText(row.high) +
               "] and the height in [" + numberText(row.low2) + ", " + numberText(row.high2) + "]";
    case OptionKind::Path: return "a file name";
    case OptionKind::Text: return "some text";
    }
    return "a value";
}

bool contains(const std::vector<std::string>& words, std::string_view word) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

// Whether `value` is one `row` accepts; the kind's own rule, then the row's extra check.
std::string valueProblem(const OptionRow& row, std::string_view value) {
    const std::string bad = row.name + ": expected " + expectedPhrase(row) + ", got " + quoted(value);
    switch (row.kind) {
    case OptionKind::Flag: break;
    case OptionKind::Whole: {
        const auto v = readWhole(value);
        if (!v || *v < row.wholeLow || *v > row.wholeHigh) return bad;
        break;
    }
    case OptionKind::Number: {
        const auto v = readNumber(value);
        if (!v || *v < row.low || *v > row.high) return bad;
        break;
    }
    case OptionKind::Choice:
        if (!contains(row.choices, value)) return bad;
        break;
    case OptionKind::List:
        for (const std::string& item : splitCommas(value)) {
            if (item.empty()) return row.name + ": empty item in the list " + quoted(value);
            if (!contains(row.choices, item)) {
                return row.name + ": expected " + expectedPhrase(row) + ", got " + quoted(item) +
                       (item == value ? std::string() : " in " + quoted(value));
            }
        }
        break;
    case OptionKind::Size: {
        const auto v = readSize(value, row.wholeSize);
        if (!v) return bad;
        if (row.wholeSize && ((*v)[0] < row.low || (*v)[0] > row.high || (*v)[1] < row.low2 || (*v)[1] > row.high2)) return bad;
        break;
    }
    case OptionKind::Path:
    case OptionKind::Text:
        if (value.empty()) return row.name + " needs a value (" + row.valueName + ")";
        break;
    }
    if (row.check) {
        if (std::string problem = row.check(value); !problem.empty()) return row.name + ": " + problem;
    }
    return {};
}

OptionRow makeRow(std::string name, std::string valueName, OptionKind kind, std::string help) {
    OptionRow row;
    row.name = std::move(name);
    row.valueName = std::move(valueName);
    row.kind = kind;
    row.help = std::move(help);
    return row;
}

// "--frames N", the left column of the help.
std::string label(const OptionRow& row) { return row.valueName.empty() ? row.name : row.name + " " + row.valueName; }

}  // namespace

OptionRow OptionRow::once() const {
    OptionRow row = *this;
    row.repeat = Repeat::Once;
    return row;
}

OptionRow OptionRow::adds() const {
    OptionRow row = *this;
    row.repeat = Repeat::Adds;
    return row;
}

OptionRow OptionRow::measuredIn(std::string unit) const {
    OptionRow row = *this;
    row.unit = std::move(unit);
    return row;
}

OptionRow OptionRow::expecting(std::string phrase) const {
    OptionRow row = *this;
    row.expected = std::move(phrase);
    return row;
}

OptionRow OptionRow::checkedBy(std::function<std::string(std::string_view)> problem) const {
    OptionRow row = *this;
    row.check = std::move(problem);
    return row;
}

OptionRow flagOption(std::string name, std::string help) { return makeRow(std::move(name), "", OptionKind::Flag, std::move(help)); }

OptionRow wholeOption(std::string name, std::string valueName, std::uint64_t low, std::uint64_t high, std::string help) {
    OptionRow row = makeRow(std::move(name), std::move(valueName), OptionKind::Whole, std::move(help));
    row.wholeLow = low;
    row.wholeHigh = high;
    return row;
}

OptionRow numberOption(std::string name, std::string valueName, double low, double high, std::string help) {
    OptionRow row = makeRow(std::move(name), std::move(valueName), OptionKind::Number, std::move(help));
    row.low = low;
    row.high = high;
    return row;
}

OptionRow budgetOption(const std::string& work) {
    return numberOption("--budget", "SECONDS", 0.0, std::numeric_limits<double>::infinity(),
                        "stop with exit status 2, writing nothing, once the work has run this long\n(default 300; 0 = no limit). "
                        "It counts " + work + ".")
        .expecting("a number of seconds, 0 or more (0 = no limit)");
}

OptionRow choiceOption(std::string name, std::string valueName, std::vector<std::string> choices, std::string help) {
    OptionRow row = makeRow(std::move(name), std::move(valueName), OptionKind::Choice, std::move(help));
    row.choices = std::move(choices);
    return row;
}

OptionRow listOption(std::string name, std::string valueName, std::vector<std::string> choices, std::string help) {
    OptionRow row = makeRow(std::move(name), std::move(valueName), OptionKind::List, std::move(help));
    row.choices = std::move(choices);
    return row;
}

OptionRow wholeSizeOption(std::string name, std::string valueName, int minWidth, int maxWidth, int minHeight, int maxHeight,
                          std::string help) {
    OptionRow row = makeRow(std::move(name), std::move(valueName), OptionKind::Size, std::move(help));
    row.wholeSize = true;
    row.low = minWidth;
    row.high = maxWidth;
    row.low2 = minHeight;
    row.high2 = maxHeight;
    return row;
}

OptionRow numberSizeOption(std::string name, std::string valueName, std::string help) {
    return makeRow(std::move(name), std::move(valueName), OptionKind::Size, std::move(help));
}

OptionRow pathOption(std::string name, std::string valueName, std::string help) {
    return makeRow(std::move(name), std::move(valueName), OptionKind::Path, std::move(help));
}

OptionRow textOption(std::string name, std::string valueName, std::string help) {
    return makeRow(std::move(name), std::move(valueName), OptionKind::Text, std::move(help));
}

const OptionRow& ParsedOptions::row(std::string_view name) const {
    for (const OptionRow& row : m_rows) {
        if (row.name == name) return row;
    }
    // A name no row has is a typo in the command's code, not in the user's command line.
    throw std::logic_error("no option row is called " + std::string(name));
}

const std::string* ParsedOptions::last(std::string_view name) const {
    row(name);
    for (auto it = m_values.rbegin(); it != m_values.rend(); ++it) {
        if (it->first == name) return &it->second;
    }
    return nullptr;
}

bool ParsedOptions::has(std::string_view name) const {
    if (name == kHelp) return m_help;
    return last(name) != nullptr;
}

std::optional<std::string> ParsedOptions::text(std::string_view name) const {
    const std::string* value = last(name);
    return value ? std::optional<std::string>(*value) : std::nullopt;
}

std::optional<std::uint64_t> ParsedOptions::whole(std::string_view name) const {
    const std::string* value = last(name);
    return value ? readWhole(*value) : std::nullopt;
}

std::optional<double> ParsedOptions::number(std::string_view name) const {
    const std::string* value = last(name);
    return value ? readNumber(*value) : std::nullopt;
}

std::optional<std::array<double, 2>> ParsedOptions::size(std::string_view name) const {
    const std::string* value = last(name);
    return value ? readSize(*value, row(name).wholeSize) : std::nullopt;
}

std::vector<std::string> ParsedOptions::list(std::string_view name) const {
    const bool split = row(name).kind == OptionKind::List;
    std::vector<std::string> items;
    for (const auto& [option, value] : m_values) {
        if (option != name) continue;
        if (!split) {
            items.push_back(value);
            continue;
        }
        for (std::string& item : splitCommas(value)) items.push_back(std::move(item));
    }
    return items;
}

// Walks the words once; a friend of ParsedOptions so that only a checked command line fills one.
class OptionParser {
public:
    static OptionsResult parse(const CommandOptions& command, std::span<const std::string_view> args) {
        OptionsResult result;
        ParsedOptions& parsed = result.options;
        parsed.m_rows = command.rows;
        for (std::size_t i = 0; i < args.size(); ++i) {
            const std::string_view arg = args[i];
            if (arg.size() < 2 || arg.front() != '-') {
                if (command.positional.empty()) {
                    result.error = "unexpected argument " + quoted(arg) + " (this command takes options only; see --help)";
                    return result;
                }
                if (parsed.m_positional) {
                    result.error = "only one " + command.positionalNoun + ", got " + quoted(*parsed.m_positional) + " and " +
                                   quoted(arg);
                    return result;
                }
                parsed.m_positional = std::string(arg);
                continue;
            }
            std::string_view name = arg;
            std::optional<std::string_view> inlineValue;
            if (const auto equals = arg.find('='); arg.starts_with("--") && equals != std::string_view::npos) {
                name = arg.substr(0, equals);
                inlineValue = arg.substr(equals + 1);
            }
            if (name == kHelp || name == "-h") {
                if (inlineValue) {
                    result.error = std::string(kHelp) + " takes no value, got " + quoted(arg);
                    return result;
                }
                parsed.m_help = true;
                parsed.m_given.emplace_back(kHelp);
                continue;
            }
            const auto row = std::find_if(command.rows.begin(), command.rows.end(), [&](const OptionRow& r) { return r.name == name; });
            if (row == command.rows.end()) {
                result.error = "unknown option " + quoted(arg) + " (see --help)";
                return result;
            }
            std::string value;
            if (row->kind == OptionKind::Flag) {
                if (inlineValue) {
                    result.error = row->name + " takes no value, got " + quoted(arg);
                    return result;
                }
            } else if (inlineValue) {
                value = std::string(*inlineValue);
            } else if (i + 1 < args.size()) {
                value = std::string(args[++i]);
            } else {
                result.error = row->name + " needs a value (" + row->valueName + ")";
                return result;
            }
            if (row->repeat == Repeat::Once) {
                if (const std::string* earlier = parsed.last(row->name)) {
                    result.error = row->name + " given twice (" + quoted(*earlier) + " and " + quoted(value) + "); it may be given once";
                    return result;
                }
            }
            if (std::string problem = valueProblem(*row, value); !problem.empty()) {
                result.error = std::move(problem);
                return result;
            }
            parsed.m_values.emplace_back(row->name, std::move(value));
            parsed.m_given.push_back(row->name);
        }
        if (command.positionalRequired && !parsed.m_positional && !parsed.m_help) {
            result.error = "no " + command.positionalNoun + " given";
        }
        return result;
    }
};

OptionsResult parseOptions(const CommandOptions& command, std::span<const std::string_view> args) {
    return OptionParser::parse(command, args);
}

std::string usageLine(std::string_view program, const CommandOptions& command) {
    std::vector<std::string> words;
    if (!command.positional.empty()) words.push_back(command.positionalRequired ? command.positional : bracketed(command.positional));
    for (const OptionRow& row : command.rows) words.push_back(bracketed(label(row)));
    words.emplace_back("[--help]");
    const std::string head = "usage: " + std::string(program);
    std::string text = head;
    std::size_t column = text.size();
    for (const std::string& word : words) {
        if (column + 1 + word.size() > kUsageWidth && column > head.size()) {
            text.append("\n").append(head.size(), ' ');
            column = head.size();
        }
        text += " " + word;
        column += 1 + word.size();
    }
    return text + "\n";
}

std::string optionsHelp(std::string_view program, const CommandOptions& command) {
    std::string text = usageLine(program, command);
    if (!command.intro.empty()) text += "\n" + command.intro;
    text += "\n";
    const std::string indent(2 + kLabelWidth + 2, ' ');
    auto entry = [&](const std::string& left, std::string_view help) {
        std::string line = "  " + left;
        line += left.size() <= kLabelWidth ? std::string(kLabelWidth - left.size() + 2, ' ') : std::string(2, ' ');
        std::size_t start = 0;
        while (true) {
            const auto newline = help.find('\n', start);
            text += (start == 0 ? line : indent) + std::string(help.substr(start, newline - start)) + "\n";
            if (newline == std::string_view::npos) break;
            start = newline + 1;
        }
    };
    for (const OptionRow& row : command.rows) entry(label(row), row.help);
    entry(std::string(kHelp), "this text.");
    if (!command.outro.empty()) text += "\n" + command.outro;
    return text;
}

}  // namespace cl
