"""Small database helpers shared by the apps that store learner progress."""

from __future__ import annotations

from typing import TypeVar

from django.db import IntegrityError, models, transaction

M = TypeVar("M", bound=models.Model)


def locked_get_or_create(model: type[M], **lookup) -> M:
    """The row matching ``lookup``, locked until the transaction ends; made if missing.

    Call inside a transaction. ``lookup`` must name a unique constraint's
    fields: a concurrent request that made the row first wins, and its row is
    returned, locked.
    """
    queryset = model.objects.select_for_update()
    found = queryset.filter(**lookup).first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return model.objects.create(**lookup)
    except IntegrityError:  # made by a concurrent request
        return queryset.get(**lookup)


def update_or_insert(model: type[models.Model], lookup: dict, values: dict) -> None:
    """Set ``values`` on the row matching ``lookup``, inserting it if there is none.

    One update when the row exists (no read first, unlike ``update_or_create``).
    ``lookup`` must name a unique constraint's fields: if a concurrent request
    inserts the row first, it is updated instead.
    """
    rows = model.objects.filter(**lookup)
    if rows.update(**values):
        return
    try:
        with transaction.atomic():
            model.objects.create(**lookup, **values)
    except IntegrityError:  # made by a concurrent request
        rows.update(**values)
