#!/usr/bin/env python3
"""Which folder of a Swift module uses which: maps each top-level type to the folder declaring it, then finds
the names each folder's code mentions (comments and string literals left out). Exits non-zero when two folders
use each other or folders form a longer cycle, so each folder can be read knowing only the ones below it. Without
an argument it checks every module under Sources/ that has folders.

    scripts/folder-dependencies.py [Sources/MODULE]
"""
import collections, pathlib, re, sys

def check(root):
    """Prints the module's folder graph and its layers; False when folders form a cycle."""

    def code(text):
        """Source without comments and string literals, so only code references count."""
        text = re.sub(r'"""[\s\S]*?"""', '""', text)
        text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
        text = re.sub(r"/\*[\s\S]*?\*/", "", text)
        return re.sub(r"//[^\n]*", "", text)

    # Files at the module's top are its shared vocabulary, used from every folder: only folders are checked.
    files = {path: code(path.read_text()) for path in sorted(root.rglob("*.swift")) if len(path.relative_to(root).parts) > 1}
    folder_of = lambda path: path.relative_to(root).parts[0]
    owner = {}
    for path, text in files.items():
        # Only types at the top level (no indentation) name a folder's own types; nested ones travel with them.
        for match in re.finditer(r"^(?:public |internal |package |final )*(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", text, re.M):
            owner[match.group(1)] = folder_of(path)

    uses = collections.defaultdict(lambda: collections.defaultdict(set))
    for path, text in files.items():
        here = folder_of(path)
        for name in set(re.findall(r"\b[A-Z]\w*\b", text)):
            there = owner.get(name)
            if there and there != here:
                uses[here][there].add(name)

    folders = sorted(set(owner.values()) | set(uses))
    for folder in folders:
        targets = uses.get(folder, {})
        print(f"{folder:13} -> " + (", ".join(f"{t} ({', '.join(sorted(n)[:4])}{'…' if len(n) > 4 else ''})" for t, n in sorted(targets.items())) or "-"))
    cycles = sorted({tuple(sorted((a, b))) for a in uses for b in uses[a] if a in uses.get(b, {})})
    print("mutual references:", ", ".join(f"{a} <-> {b}" for a, b in cycles) if cycles else "none")

    # Layers: each folder after every folder it uses; whatever is left over sits on a cycle.
    layers, placed = [], set()
    while len(placed) < len(folders):
        layer = [f for f in folders if f not in placed and set(uses.get(f, {})) <= placed]
        if not layer:
            print("on a cycle:", ", ".join(f for f in folders if f not in placed))
            return False
        layers.append(layer)
        placed |= set(layer)
    print("layers, lowest first:", " | ".join(", ".join(layer) for layer in layers))
    return not cycles

roots = [pathlib.Path(sys.argv[1])] if len(sys.argv) > 1 else sorted(
    path for path in pathlib.Path("Sources").iterdir() if path.is_dir() and any(child.is_dir() for child in path.iterdir()))
results = []
for root in roots:
    print(f"== {root}")
    results.append(check(root))
sys.exit(0 if all(results) else 1)
