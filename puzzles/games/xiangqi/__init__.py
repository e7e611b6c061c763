"""象棋 Xiangqi: its puzzle kinds (``kinds``), board (``draw``), words (``words``)."""
