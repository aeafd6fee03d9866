// The one option parser of the command line (app/cli/options.h): rows in, a checked command line or a
// message naming the option and the bad value out, and help generated from the same rows.
#include "app/cli/options.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace cl {
namespace {

CommandOptions sampleCommand() {
    CommandOptions c;
    c.positional = "SCENE";
    c.positionalNoun = "scene file";
    c.positionalRequired = true;
    c.intro = "Does a thing.\n";
    c.rows = {
        wholeOption("--frames", "N", 1, 1000000, "quit after N frames"),
        flagOption("--json", "print JSON"),
        choiceOption("--scan", "DIR", {"a-to-b", "b-to-a", "both"}, "scan direction"),
        listOption("--algorithm", "LIST", {"all", "aabb", "obb"}, "tests to run\nsecond line").adds(),
        textOption("--pair", "A,B", "one pair").once(),
        numberOption("--sweep-resolution", "H", 0.001, 1e7, "sub-step length").measuredIn("world pixels"),
        wholeSizeOption("--size", "WxH", 640, 8192, 480, 8192, "window size"),
        numberSizeOption("--field", "WxH", "field size"),
        pathOption("--cspace", "PNG", "map file"),
        textOption("--push", "DIR", "push direction").checkedBy([](std::string_view v) {
            return v == "up" || v == "-1,0" ? std::string() : "expected up or -1,0, got '" + std::string(v) + "'";
        }),
    };
    c.outro = "Exit status: 0.\n";
    return c;
}

OptionsResult parse(std::initializer_list<std::string_view> args) {
    const std::vector<std::string_view> v(args);
    return parseOptions(sampleCommand(), v);
}

TEST(Options, AWholeNumberIsReadAndItsRangeChecked) {
    const OptionsResult ok = parse({"s.json", "--frames", "25"});
    ASSERT_TRUE(ok.ok()) << ok.error;
    EXPECT_EQ(ok.options.whole("--frames"), 25u);
    EXPECT_EQ(parse({"s.json", "--frames", "x"}).error, "--frames: expected a whole number in [1, 1000000], got 'x'");
    EXPECT_EQ(parse({"s.json", "--frames", "0"}).error, "--frames: expected a whole number in [1, 1000000], got '0'");
    EXPECT_EQ(parse({"s.json", "--frames", "1000001"}).error, "--frames: expected a whole number in [1, 1000000], got '1000001'");
    EXPECT_EQ(parse({"s.json", "--frames", "-3"}).error, "--frames: expected a whole number in [1, 1000000], got '-3'");
    EXPECT_EQ(parse({"s.json", "--frames", "5 "}).error, "--frames: expected a whole number in [1, 1000000], got '5 '");
    EXPECT_EQ(parse({"s.json", "--frames", "1000000"}).options.whole("--frames"), 1000000u);
}

TEST(Options, AnEqualsSignGivesTheValueInTheSameWord) {
    const OptionsResult r = parse({"s.json", "--frames=7", "--scan=both"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.whole("--frames"), 7u);
    EXPECT_EQ(r.options.text("--scan"), "both");
}

TEST(Options, AMissingValueOrAValueGivenToAFlagIsNamed) {
    EXPECT_EQ(parse({"s.json", "--frames"}).error, "--frames needs a value (N)");
    EXPECT_EQ(parse({"s.json", "--json=yes"}).error, "--json takes no value, got '--json=yes'");
    EXPECT_EQ(parse({"s.json", "--cspace", ""}).error, "--cspace needs a value (PNG)");
}

TEST(Options, TheValueIsTheNextWordEvenWhenItStartsWithADash) {
    const OptionsResult r = parse({"s.json", "--push", "-1,0"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.text("--push"), "-1,0");
}

TEST(Options, AChoiceNamesItsWords) {
    EXPECT_EQ(parse({"s.json", "--scan", "up"}).error, "--scan: expected a-to-b, b-to-a or both, got 'up'");
}

TEST(Options, ARepeatableListGathersEveryItemInOrder) {
    const OptionsResult r = parse({"s.json", "--algorithm", "obb,aabb", "--algorithm", "all"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.list("--algorithm"), (std::vector<std::string>{"obb", "aabb", "all"}));
    EXPECT_EQ(parse({"s.json", "--algorithm", "aabb,warp"}).error,
              "--algorithm: expected a comma-separated list of all, aabb or obb, got 'warp' in 'aabb,warp'");
    EXPECT_EQ(parse({"s.json", "--algorithm", "warp"}).error, "--algorithm: expected a comma-separated list of all, aabb or obb, got 'warp'");
    EXPECT_EQ(parse({"s.json", "--algorithm", "aabb,,obb"}).error, "--algorithm: empty item in the list 'aabb,,obb'");
}

TEST(Options, AnOptionGivenOnceMayNotBeRepeatedAndOthersKeepTheirLastValue) {
    EXPECT_EQ(parse({"s.json", "--pair", "a,b", "--pair", "c,d"}).error, "--pair given twice ('a,b' and 'c,d'); it may be given once");
    const OptionsResult r = parse({"s.json", "--scan", "both", "--scan", "b-to-a"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.text("--scan"), "b-to-a");
    EXPECT_EQ(r.options.list("--scan"), (std::vector<std::string>{"both", "b-to-a"}));
}

TEST(Options, ANumberIsFiniteAndInRangeAndItsUnitIsNamed) {
    EXPECT_EQ(parse({"s.json", "--sweep-resolution", "1e3"}).options.number("--sweep-resolution"), 1000.0);
    for (const char* bad : {"0", "nan", "inf", "abc", "2e7", ""}) {
        EXPECT_EQ(parse({"s.json", "--sweep-resolution", bad}).error,
                  "--sweep-resolution: expected a number of world pixels in [0.001, 1e+07], got '" + std::string(bad) + "'");
    }
}

TEST(Options, ASizeIsWidthByHeightWithEachSideInItsRange) {
    const OptionsResult r = parse({"s.json", "--size", "1024x600", "--field", "800.5x-3"});
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_EQ(r.options.size("--size"), (std::array<double, 2>{1024, 600}));
    EXPECT_EQ(r.options.size("--field"), (std::array<double, 2>{800.5, -3}));
    EXPECT_TRUE(parse({"s.json", "--size", "640x480"}).ok());
    EXPECT_TRUE(parse({"s.json", "--size", "8192x8192"}).ok());
    const std::string expected = "--size: expected WIDTHxHEIGHT in whole pixels, the width in [640, 8192] and the height in [480, 8192], got '";
    for (const char* bad : {"100000x900", "639x480", "640x479", "8193x600", "800", "800x600x2", "800.5x600", "x600", "99999999999999999999x600"}) {
        EXPECT_EQ(parse({"s.json", "--size", bad}).error, expected + bad + "'") << bad;
    }
    EXPECT_EQ(parse({"s.json", "--field", "800"}).error, "--field: expected WIDTHxHEIGHT (two numbers, e.g. 800x600), got '800'");
}

TEST(Options, ARowsOwnCheckNamesTheOption) {
    EXPECT_TRUE(parse({"s.json", "--push", "up"}).ok());
    EXPECT_EQ(parse({"s.json", "--push", "sideways"}).error, "--push: expected up or -1,0, got 'sideways'");
}

TEST(Options, ThePositionalArgumentIsCountedAndRequired) {
    EXPECT_EQ(parse({}).error, "no scene file given");
    EXPECT_EQ(parse({"a.json", "b.json"}).error, "only one scene file, got 'a.json' and 'b.json'");
    EXPECT_EQ(parse({"-"}).options.positional(), "-");  // a lone dash is a name, not an option
    EXPECT_EQ(parse({"--json", "a.json"}).options.positional(), "a.json");
    CommandOptions none = sampleCommand();
    none.positional.clear();
    const std::vector<std::string_view> args{"a.json"};
    EXPECT_EQ(parseOptions(none, args).error, "unexpected argument 'a.json' (this command takes options only; see --help)");
}

TEST(Options, UnknownOptionsAreNamed) {
    EXPECT_EQ(parse({"s.json", "--fast"}).error, "unknown option '--fast' (see --help)");
    EXPECT_EQ(parse({"s.json", "-x"}).error, "unknown option '-x' (see --help)");
}

TEST(Options, HelpNeedsNoPositionalAndIsListedAsGiven) {
    for (std::string_view help : {"--help", "-h"}) {
        const OptionsResult r = parse({"--json", help});
        ASSERT_TRUE(r.ok()) << r.error;
        EXPECT_TRUE(r.options.help());
        EXPECT_EQ(r.options.given(), (std::vector<std::string>{"--json", "--help"}));
    }
}

TEST(Options, OptionsNotGivenAreEmptyAndANameNoRowHasIsAProgrammingError) {
    const OptionsResult r = parse({"s.json"});
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r.options.has("--json"));
    EXPECT_FALSE(r.options.whole("--frames").has_value());
    EXPECT_TRUE(r.options.list("--algorithm").empty());
    EXPECT_THROW(r.options.has("--jsno"), std::logic_error);
}

TEST(Options, HelpIsGeneratedFromTheRows) {
    const std::string help = optionsHelp("collision-lab thing", sampleCommand());
    EXPECT_EQ(help.rfind("usage: collision-lab thing SCENE [--frames N] [--json] [--scan DIR] [--algorithm LIST] [--pair A,B]\n"
                         "                           [--sweep-resolution H] [--size WxH] [--field WxH] [--cspace PNG] [--push DIR]\n"
                         "                           [--help]\n"
                         "\nDoes a thing.\n\n",
                         0),
              0u)
        << help;
    // Labels up to 16 characters get a column; longer ones two spaces; later lines of a help line up.
    EXPECT_NE(help.find("\n  --frames N        quit after N frames\n"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  --algorithm LIST  tests to run\n                    second line\n"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  --sweep-resolution H  sub-step length\n"), std::string::npos) << help;
    EXPECT_NE(help.find("\n  --help            this text.\n\nExit status: 0.\n"), std::string::npos) << help;
}

}  // namespace
}  // namespace cl
