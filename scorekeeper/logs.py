"""Logging that keeps real errors in sight: a refused request (403, 404, 400: routine on
any site on the internet) is one line, without the traceback Django attaches to it; a server
error (5xx) keeps its traceback."""

from __future__ import annotations

import logging


class OneLineRefusals(logging.Filter):
    """Drops the traceback of records about a 4xx answer (Django's ``django.request`` and
    ``django.security.*`` records carry ``status_code``). The record still goes out."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True
