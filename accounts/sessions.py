"""Django's database session store, reading a session without building an ORM query
(``accounts.rows``): every signed-in request reads one. Writing is Django's own.

With Redis, sessions are read from it (``cached_db``) and the database only on a miss.
"""

from django.contrib.sessions.backends import db

from .rows import session_data


class SessionStore(db.SessionStore):
    def load(self):
        data = session_data(self.model, self.session_key) if self.session_key else None
        if data is None:
            self._session_key = None
            return {}
        return self.decode(data)
