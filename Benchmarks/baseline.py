"""The release a benchmark compares against, built from its commit: 0.5.0 is b8f6de0, the
last commit before the records moved into SQLite (issue 48). Built once into
.build/baseline-COMMIT (a git worktree of this repository, with its own scripts/build-release)
and reused."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE_0_5_0 = "b8f6de0"


def baseline_qrquiz(commit=RELEASE_0_5_0):
    """The `qrquiz` binary of `commit`'s release build, built now when it is not there."""
    tree = os.path.join(ROOT, ".build", f"baseline-{commit}")
    if not os.path.isdir(tree):
        subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", tree, commit], check=True,
                       capture_output=True)
    bin_dir = subprocess.run([os.path.join(tree, "scripts", "build-release")], check=True, capture_output=True,
                             text=True, cwd=tree).stdout.strip()
    return os.path.join(bin_dir, "qrquiz")
