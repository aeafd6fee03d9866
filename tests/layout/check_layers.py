#!/usr/bin/env python3
"""The folder layering of core/ and app/, read from their own #include lines.

core/: each folder may include only itself and the folders listed before it in CORE_LAYERS (record/
includes nothing of the core). app/: each folder may include only itself and the folders listed before it
in APP_LAYERS (python/ stands apart: it includes only core/), main.cpp may include any of them, and the
graph of folders must have no cycle. In both, no two modules (a header and its .cpp) may reach each other
through their includes. Prints app's folder graph, then every include that breaks a rule with its file
and line; exits 1 if there is any.
Usage: check_layers.py SOURCE_DIR
"""
import re
import sys
from pathlib import Path

CORE_LAYERS = ["base", "io", "collider", "collision", "contact", "motion", "scene", "check", "game"]
# platform: the ImGui backend; gpu: the OpenGL test; editor: window-free editing; analysis: the answers;
# views: drawing the scene; tools: the inspector's tools, their interface, commands and requests; shell: the
# window, its state, menus and files; cli: the commands without a window (the option parser the shell also
# uses). main.cpp (".") sits on top.
APP_LAYERS = ["platform", "gpu", "cli", "editor", "analysis", "views", "tools", "shell"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"((core|app)/[^"]+)"')


def includes(root, layer):
    """Yields (file, line number, including folder, included layer, included folder) for root/layer."""
    for path in sorted((root / layer).rglob("*")):
        if path.suffix not in (".h", ".cpp"):
            continue
        rel = path.relative_to(root / layer)
        if len(rel.parts) < 2:
            folder = "."
        else:
            folder = rel.parts[0]
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(text)
            if not match:
                continue
            parts = match.group(1).split("/")
            target = parts[1] if len(parts) > 2 else "."
            yield path.relative_to(root), number, folder, parts[0], target


def find_cycle(graph):
    """Returns one cycle of the folder graph as a list of folders, or None."""
    state = {}

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for succ in sorted(graph.get(node, ())):
            if state.get(succ) == "open":
                return stack[stack.index(succ):] + [succ]
            if succ not in state:
                found = visit(succ, stack)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return None


def main():
    root = Path(sys.argv[1])
    errors = []
    for file, line, folder, layer, target in includes(root, "core"):
        if layer != "core":
            errors.append(f"{file}:{line}: core includes {layer}/")
            continue
        if folder == "record" or target == "record" and folder != "record":
            if folder != target:
                errors.append(f"{file}:{line}: record/ stands alone (core/{folder} -> core/{target})")
            continue
        if folder not in CORE_LAYERS or target not in CORE_LAYERS:
            errors.append(f"{file}:{line}: core/{folder if folder not in CORE_LAYERS else target}/ is not a listed layer")
            continue
        if CORE_LAYERS.index(target) > CORE_LAYERS.index(folder):
            errors.append(f"{file}:{line}: core/{folder}/ includes core/{target}/, a layer above it")
    graph = {}
    where = {}
    for file, line, folder, layer, target in includes(root, "app"):
        if layer != "app" or folder == target:
            continue
        graph.setdefault(folder, set()).add(target)
        where.setdefault((folder, target), f"{file}:{line}")
    for file, line, folder, layer, target in includes(root, "app"):
        if layer != "app" or folder == target or folder == ".":
            continue
        if folder == "python" or target == "python":
            errors.append(f"{file}:{line}: app/python/ stands apart (app/{folder} -> app/{target})")
            continue
        if folder not in APP_LAYERS or target not in APP_LAYERS:
            errors.append(f"{file}:{line}: app/{folder if folder not in APP_LAYERS else target}/ is not a listed layer")
            continue
        if APP_LAYERS.index(target) > APP_LAYERS.index(folder):
            errors.append(f"{file}:{line}: app/{folder}/ includes app/{target}/, a layer above it")
    for folder in sorted(graph):
        print(f"app/{folder} -> {', '.join('app/' + t for t in sorted(graph[folder]))}")
    cycle = find_cycle(graph)
    if cycle:
        steps = [f"app/{a} -> app/{b} ({where[(a, b)]})" for a, b in zip(cycle, cycle[1:])]
        errors.append("app/ folders include each other in a cycle:\n  " + "\n  ".join(steps))
    for layer in ("core", "app"):
        modules = {}
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".cpp"):
                continue
            module = str(path.relative_to(root).with_suffix(""))
            for text in path.read_text(encoding="utf-8").splitlines():
                match = INCLUDE.match(text)
                if match and match.group(1).rsplit(".", 1)[0] != module:
                    modules.setdefault(module, set()).add(match.group(1).rsplit(".", 1)[0])
        cycle = find_cycle(modules)
        if cycle:
            errors.append(f"{layer}/ modules (a header with its .cpp) include each other in a cycle: "
                          + " -> ".join(cycle))
    for error in errors:
        print(error)
    print(f"layers: {'ok' if not errors else f'{len(errors)} problem(s)'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
