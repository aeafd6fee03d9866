#include "app/cli/cli_command.h"

#include <algorithm>

namespace cl {

std::string commandProgram(const CliCommand& command) {
    return command.name.empty() ? std::string("collision-lab") : "collision-lab " + std::string(command.name);
}

const CliCommand* findCliCommand(std::span<const CliCommand> table, std::string_view word) {
    const auto it = std::find_if(table.begin(), table.end(), [&](const CliCommand& c) { return c.name == word; });
    return it == table.end() ? nullptr : &*it;
}

std::string commandHelp(const CliCommand& command, const CliContext& context, std::span<const CliCommand> table) {
    std::string text = optionsHelp(commandProgram(command), command.options(context));
    if (!command.name.empty() || table.empty()) return text;
    text += "\nCommands (collision-lab COMMAND --help for each):\n";
    for (const CliCommand& row : table) {
        if (row.name.empty()) continue;
        std::string name(row.name);
        name.resize(std::max<std::size_t>(name.size(), 8), ' ');
        text += "  " + name + "  " + std::string(row.summary) + "\n";
    }
    return text;
}

int runCliCommand(const CliCommand& command, std::span<const std::string_view> args, const CliContext& context,
                  std::span<const CliCommand> table) {
    const std::string program = commandProgram(command);
    const CommandOptions options = command.options(context);
    const OptionsResult parsed = parseOptions(options, args);
    if (!parsed.ok()) {
        context.err << program << ": " << parsed.error << "\n"
                    << usageLine(program, options) << "(" << program << " --help for details)\n";
        return kExitUsage;
    }
    if (parsed.options.help()) {
        context.out << commandHelp(command, context, table);
        return 0;
    }
    return command.run(parsed.options, context);
}

int runCli(std::span<const CliCommand> table, std::span<const std::string_view> args, const CliContext& context) {
    if (!args.empty()) {
        if (const CliCommand* named = findCliCommand(table, args.front()); named && !named->name.empty()) {
            return runCliCommand(*named, args.subspan(1), context, table);
        }
    }
    const CliCommand* unnamed = findCliCommand(table, "");
    if (!unnamed) {
        context.err << "collision-lab: expected a command (see collision-lab --help)\n";
        return kExitUsage;
    }
    return runCliCommand(*unnamed, args, context, table);
}

}  // namespace cl
