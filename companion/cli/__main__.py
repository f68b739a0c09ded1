"""``python -m companion.cli``: the ``companion`` command."""

import sys

from companion.cli import main

if __name__ == "__main__":
    sys.exit(main())
