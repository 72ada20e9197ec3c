"""Writes the code block after MARKER (`<!-- MARKER -->`) to OUT, as the
READMEs hold it: README.md and sandbox/README.md must hold the same block,
so the test that runs OUT runs what both show.

    python3 .ci/dist/readme_example.py pytest-fork-example test_readme_forks.py
"""

import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]
marker, out = sys.argv[1], sys.argv[2]
blocks = []
for readme in ("README.md", "sandbox/README.md"):
    text = (root / readme).read_text()
    tag = f"<!-- {marker} -->\n```"
    if tag not in text:
        sys.exit(f"{readme} has no {marker} block")
    after = text.split(tag, 1)[1]
    blocks.append(after.split("\n", 1)[1].split("```", 1)[0])
if blocks[0] != blocks[1]:
    sys.exit(f"README.md and sandbox/README.md show different {marker} blocks")
pathlib.Path(out).write_text(blocks[0])
