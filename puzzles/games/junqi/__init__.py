"""四国军棋: its puzzle kinds, lesson pictures and drawing."""
