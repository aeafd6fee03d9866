// The command table (app/cli/cli_command.h): the first word picks the row, the rest is checked against
// that row's options, and the help of the program lists every row. Checked on a table of two made-up
// rows, then on the real check and game rows.
#include "app/cli/cli_command.h"

#include <sstream>

#include <gtest/gtest.h>

#include "app/cli/check_command.h"
#include "app/cli/game_command.h"

namespace cl {
namespace {

// What the made-up rows saw, so a test can tell which row ran with what.
std::string gLastRun;

CommandOptions countOptions(const CliContext&) {
    CommandOptions c;
    c.rows = {wholeOption("--times", "N", 1, 3, "how many times")};
    return c;
}

int runCount(const ParsedOptions& options, const CliContext& context) {
    gLastRun = "count " + std::to_string(options.whole("--times").value_or(1));
    context.out << "counted\n";
    return 0;
}

CommandOptions openOptions(const CliContext&) {
    CommandOptions c;
    c.positional = "SCENE";
    c.positionalNoun = "scene";
    c.rows = {flagOption("--stats", "print statistics")};
    return c;
}

int runOpen(const ParsedOptions& options, const CliContext&) {
    gLastRun = "open " + options.positional().value_or("(default)") + (options.has("--stats") ? " stats" : "");
    return 7;
}

const CliCommand kTable[] = {
    {"count", "count to N", countOptions, runCount},
    {"", "open a scene", openOptions, runOpen},
};

struct CliRun {
    int status;
    std::string out, err;
};

CliRun cli(std::initializer_list<std::string_view> args) {
    gLastRun.clear();
    std::ostringstream out, err;
    const std::vector<std::string_view> v(args);
    const int status = runCli(kTable, v, CliContext{out, err, coreAlgorithms(), "assets/sprites"});
    return {status, out.str(), err.str()};
}

TEST(CliCommand, TheFirstWordPicksTheRowAndTheRestAreItsArguments) {
    const CliRun r = cli({"count", "--times", "2"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(gLastRun, "count 2");
    EXPECT_EQ(r.out, "counted\n");
}

TEST(CliCommand, AnyOtherFirstWordGoesToTheRowWithoutAName) {
    EXPECT_EQ(cli({}).status, 7);
    EXPECT_EQ(gLastRun, "open (default)");
    EXPECT_EQ(cli({"counts.json", "--stats"}).status, 7);
    EXPECT_EQ(gLastRun, "open counts.json stats");
    cli({"--stats"});
    EXPECT_EQ(gLastRun, "open (default) stats");
}

TEST(CliCommand, ABadCommandLineIsRefusedWithTheMessageAndTheUsageAndExitTwo) {
    const CliRun r = cli({"count", "--times", "9"});
    EXPECT_EQ(r.status, kExitUsage);
    EXPECT_EQ(gLastRun, "");  // the row did not run
    EXPECT_EQ(r.err, "collision-lab count: --times: expected a whole number in [1, 3], got '9'\n"
                     "usage: collision-lab count [--times N] [--help]\n"
                     "(collision-lab count --help for details)\n");
    const CliRun open = cli({"a.json", "b.json"});
    EXPECT_EQ(open.status, kExitUsage);
    EXPECT_EQ(open.err.rfind("collision-lab: only one scene, got 'a.json' and 'b.json'\nusage: collision-lab [SCENE] [--stats] [--help]\n", 0), 0u)
        << open.err;
}

TEST(CliCommand, TheProgramsHelpListsTheCommandsAndACommandsHelpItsOptions) {
    const CliRun program = cli({"--help"});
    EXPECT_EQ(program.status, 0);
    EXPECT_EQ(gLastRun, "");
    EXPECT_EQ(program.out, "usage: collision-lab [SCENE] [--stats] [--help]\n"
                           "\n"
                           "  --stats           print statistics\n"
                           "  --help            this text.\n"
                           "\n"
                           "Commands (collision-lab COMMAND --help for each):\n"
                           "  count     count to N\n");
    const CliRun count = cli({"count", "-h"});
    EXPECT_EQ(count.status, 0);
    EXPECT_EQ(count.out, "usage: collision-lab count [--times N] [--help]\n"
                         "\n"
                         "  --times N         how many times\n"
                         "  --help            this text.\n");
}

TEST(CliCommand, FindingARowIsByItsExactName) {
    EXPECT_EQ(findCliCommand(kTable, "count"), &kTable[0]);
    EXPECT_EQ(findCliCommand(kTable, ""), &kTable[1]);
    EXPECT_EQ(findCliCommand(kTable, "Count"), nullptr);
}

// The real rows: every option a row declares is in its help, and the help says what the command is for.
TEST(CliCommand, CheckAndGameDocumentEveryOptionTheyDeclare) {
    std::ostringstream out, err;
    const CliContext context{out, err, coreAlgorithms(), "assets/sprites"};
    for (const CliCommand& command : {checkCommand(), gameCommand()}) {
        const std::string help = commandHelp(command, context);
        EXPECT_EQ(help.rfind("usage: collision-lab " + std::string(command.name) + " ", 0), 0u) << help;
        for (const OptionRow& row : command.options(context).rows) {
            EXPECT_NE(help.find("\n  " + row.name + " "), std::string::npos) << command.name << " " << row.name;
            EXPECT_FALSE(row.help.empty()) << command.name << " " << row.name;
        }
        EXPECT_NE(help.find("Exit status: 0 done"), std::string::npos) << help;
        EXPECT_FALSE(command.summary.empty());
    }
}

}  // namespace
}  // namespace cl
