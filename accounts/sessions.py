"""Django's database session store, reading a session without building an ORM query
(``accounts.rows``): every signed-in request reads one. Writing is Django's own.

With Redis, sessions are read from it (``cached_db``) and the database only on a miss.
"""

from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.utils.crypto import get_random_string

from .rows import session_data


class SessionStore(db.SessionStore):
    def load(self):
        data = session_data(self.model, self.session_key) if self.session_key else None
        if data is None:
            self._session_key = None
            return {}
        return self.decode(data)

    def _get_new_session_key(self):
        # A new session is written at once with ``must_create``: an insert that fails
        # on a key already taken, and ``create`` then draws another. Asking first
        # whether the key is taken would be a query on every new visitor's first answer.
        return get_random_string(32, VALID_KEY_CHARS)
