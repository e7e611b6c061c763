"""``python -m engines.go``: the GTP engine (the same as ``python -m engines.go.gtp``)."""

import sys

from engines.go.gtp import main

sys.exit(main())
