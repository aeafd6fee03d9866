#pragma once
// The one option parser of the command line: a command declares its options as rows (name, value name,
// help, how the value is read and checked); parseOptions checks a command line against them and
// optionsHelp/usageLine write the help from the same rows.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cl {

/// How an option's value is read and checked.
enum class OptionKind {
    Flag,    ///< No value: `--json`.
    Whole,   ///< A whole number in [wholeLow, wholeHigh].
    Number,  ///< A finite number in [low, high].
    Choice,  ///< One of `choices`.
    List,    ///< Comma-separated items, each one of `choices`.
    Size,    ///< WIDTHxHEIGHT: two numbers (whole ones when `wholeSize`), width in [low, high], height in [low2, high2].
    Path,    ///< A file or folder path (not empty).
    Text,    ///< Any text (not empty), checked by `check` when it has one.
};

/// What a second occurrence of an option does.
enum class Repeat {
    LastWins,  ///< The last value counts (the default).
    Adds,      ///< Every value counts (ParsedOptions::list gathers them).
    Once,      ///< Giving it twice is an error.
};

/// One option of a command: what the parser checks and what the help says.
struct OptionRow {
    std::string name;       ///< "--frames".
    std::string valueName;  ///< "N" in the help and usage; empty for a flag.
    std::string help;       ///< What it does; '\n' starts a new help line.
    OptionKind kind = OptionKind::Flag;
    std::uint64_t wholeLow = 0, wholeHigh = 0;  ///< Whole: the range.
    double low = 0, high = 0;                   ///< Number, Size (width): the range.
    double low2 = 0, high2 = 0;                 ///< Size: the height's range.
    bool wholeSize = false;                     ///< Size: both sides whole numbers.
    std::vector<std::string> choices;           ///< Choice, List: the accepted words.
    std::string unit;      ///< Whole, Number: what is counted, in messages ("a number of world pixels in [...]").
    std::string expected;  ///< Replaces the generated "expected ..." phrase of messages when not empty.
    std::function<std::string(std::string_view)> check;  ///< Extra check: the problem with a value, empty when fine.
    Repeat repeat = Repeat::LastWins;

    /// This row, refusing a second occurrence.
    OptionRow once() const;
    /// This row, gathering every occurrence's value.
    OptionRow adds() const;
    /// This row, its values counted in `unit` ("world pixels") in messages.
    OptionRow measuredIn(std::string unit) const;
    /// This row, its messages saying "expected `phrase`" instead of the generated phrase.
    OptionRow expecting(std::string phrase) const;
    /// This row, its values also checked by `problem` (returns the problem, empty when fine).
    OptionRow checkedBy(std::function<std::string(std::string_view)> problem) const;
};

/// A flag: `--json`.
OptionRow flagOption(std::string name, std::string help);
/// A whole number in [low, high].
OptionRow wholeOption(std::string name, std::string valueName, std::uint64_t low, std::uint64_t high, std::string help);
/// A finite number in [low, high] (either end may be infinite).
OptionRow numberOption(std::string name, std::string valueName, double low, double high, std::string help);
/// Default --budget of every command that runs work (check, game), in seconds.
inline constexpr double kDefaultBudgetSeconds = 300.0;
/// The one --budget SECONDS row of every command that runs work: the seconds its work budget lasts
/// (core/base/work_budget.h), 0 = no limit; `work` names what counts ("every test, contact question and map row").
OptionRow budgetOption(const std::string& work);
/// One word of `choices`.
OptionRow choiceOption(std::string name, std::string valueName, std::vector<std::string> choices, std::string help);
/// A comma-separated list, each item one word of `choices`.
OptionRow listOption(std::string name, std::string valueName, std::vector<std::string> choices, std::string help);
/// WIDTHxHEIGHT of whole numbers, width in [minWidth, maxWidth], height in [minHeight, maxHeight].
OptionRow wholeSizeOption(std::string name, std::string valueName, int minWidth, int maxWidth, int minHeight, int maxHeight,
                          std::string help);
/// WIDTHxHEIGHT of any two finite numbers (the command checks their range).
OptionRow numberSizeOption(std::string name, std::string valueName, std::string help);
/// A file or folder path.
OptionRow pathOption(std::string name, std::string valueName, std::string help);
/// Any non-empty text.
OptionRow textOption(std::string name, std::string valueName, std::string help);

/// Everything a command accepts: its positional argument, its options, the text around their help.
struct CommandOptions {
    std::string positional;      ///< "SCENE" in the usage; empty when the command takes none.
    std::string positionalNoun;  ///< "scene file", in messages.
    bool positionalRequired = false;
    std::string intro;           ///< The paragraphs between the usage and the options.
    std::vector<OptionRow> rows;
    std::string outro;           ///< The paragraphs after the options (exit status).
};

/// A checked command line: every value given passed its row's check.
class ParsedOptions {
public:
    /// Whether `name` was given at least once.
    bool has(std::string_view name) const;
    /// Its last value as given.
    std::optional<std::string> text(std::string_view name) const;
    /// Its last value as a whole number (a Whole row).
    std::optional<std::uint64_t> whole(std::string_view name) const;
    /// Its last value as a number (a Number row).
    std::optional<double> number(std::string_view name) const;
    /// Its last value as {width, height} (a Size row).
    std::optional<std::array<double, 2>> size(std::string_view name) const;
    /// Every item of every value given, in order (a List row splits at commas).
    std::vector<std::string> list(std::string_view name) const;
    /// The positional argument, if given.
    const std::optional<std::string>& positional() const { return m_positional; }
    /// The options given, in order, by their names (`-h` as `--help`), one per occurrence.
    const std::vector<std::string>& given() const { return m_given; }
    /// Whether --help (or -h) was given.
    bool help() const { return m_help; }

private:
    friend class OptionParser;  // fills it in options.cpp
    const OptionRow& row(std::string_view name) const;
    const std::string* last(std::string_view name) const;

    std::vector<OptionRow> m_rows;
    std::vector<std::pair<std::string, std::string>> m_values;  // name, value (empty for a flag)
    std::vector<std::string> m_given;
    std::optional<std::string> m_positional;
    bool m_help = false;
};

/// Parsed options, or a message naming the option and the bad value.
struct OptionsResult {
    ParsedOptions options;
    std::string error;  ///< Empty on success.
    bool ok() const { return error.empty(); }
};

/// Checks `args` (the words after the command's name) against `command`. `--name=value` and `--name value`
/// are the same; `--help` and `-h` are always accepted; a word starting with '-' (other than "-") is an
/// option; the value of an option is the next word whatever it starts with.
OptionsResult parseOptions(const CommandOptions& command, std::span<const std::string_view> args);

/// "usage: PROGRAM POSITIONAL [--a X] [--b] ...", wrapped under its first word.
std::string usageLine(std::string_view program, const CommandOptions& command);

/// The full help: usage, intro, one entry per option (and --help), outro.
std::string optionsHelp(std::string_view program, const CommandOptions& command);

}  // namespace cl
