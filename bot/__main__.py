"""`python -m bot`: Redline's command line (the bot, backup, restore, prune, verify).

The command keeps its name for admins and Docker; what it runs is the process around the bot,
`runtime.main`.
"""

import sys

from runtime.main import main

if __name__ == "__main__":
    sys.exit(main())
