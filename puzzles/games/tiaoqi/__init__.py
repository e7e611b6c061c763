"""跳棋 Chinese checkers: its puzzle kinds (``kinds``), board (``draw``), words (``words``)."""
