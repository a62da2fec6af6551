"""``python -m bridgetools``: the same as the ``bridgetools`` command."""

from bridgetools.cli import main

if __name__ == "__main__":
    main()
