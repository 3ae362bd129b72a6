"""samples/notebook.ipynb runs headless, as `jupyter nbconvert --to notebook --execute` runs it
(`python3 -m nbconvert`: Debian ships the `jupyter nbconvert` command in another package):
every cell without an error, the crank-length table with strokes of twice the crank, the
matplotlib figure and the animation inline, with a picture of it for viewers without the player."""

import json
import os
import re
import subprocess
import sys

from conftest import SAMPLES


def test_the_notebook_runs(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=300", "--output-dir", str(tmp_path),
         str(SAMPLES / "notebook.ipynb")],
        capture_output=True, text=True, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    notebook = json.loads((tmp_path / "notebook.ipynb").read_text())
    outputs = [o for cell in notebook["cells"] if cell["cell_type"] == "code"
               for o in cell["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    text = "".join("".join(o.get("text", "")) for o in outputs if o["output_type"] == "stream")
    rows = re.findall(r"^\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*$", text, re.MULTILINE)
    assert len(rows) == 5, text
    for crank, stroke, peak in rows:
        assert abs(float(stroke) - 2 * float(crank)) < 1e-3
    data = [o.get("data", {}) for o in outputs]
    assert any("image/png" in d for d in data), "no figure"
    # The animation: the player, and its first frame for viewers that show no iframe (GitHub).
    assert any("text/html" in d and "image/png" in d for d in data), "no animation with a picture"
