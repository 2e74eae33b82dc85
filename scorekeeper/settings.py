"""Settings for the scorekeeper site, read from environment variables.

Every variable goes through a strict helper: a value that cannot be read stops the start-up
with a message naming the variable, rather than silently falling back to a default.

DJANGO_DEBUG          1/0, true/false, yes/no, on/off; default off
DJANGO_SECRET_KEY     required unless DEBUG is on or the tests are running
DJANGO_ALLOWED_HOSTS  comma-separated; default localhost,127.0.0.1,testserver
DJANGO_CSRF_TRUSTED_ORIGINS  comma-separated origins (https://scores.example.org); default none
DATABASE_URL          e.g. postgres://user@host:5432/name; default SQLite at db.sqlite3 here
SCOREKEEPER_PUBLIC_READ  1/0: visitors (not logged in) may read games; default on
SCOREKEEPER_API_RATE  the most requests an API token may send in a minute; default 120

Production (see README, "Running in production"):
DJANGO_HTTPS          1/0: served over HTTPS only (secure cookies, redirect to https, HSTS);
                      default on, unless DEBUG is on or the tests are running
DJANGO_HSTS_SECONDS   HSTS max-age while DJANGO_HTTPS is on; default 31536000 (a year, as
                      preloading needs; while trying HTTPS out, 3600 with DJANGO_HSTS_PRELOAD=0)
DJANGO_HSTS_INCLUDE_SUBDOMAINS  1/0; default on
DJANGO_HSTS_PRELOAD   1/0; default on when the max-age is a year or more, and refused on
                      with less
DJANGO_PROXY_SSL_HEADER  1/0: trust the proxy's X-Forwarded-Proto (only behind a proxy
                      that sets it); default off
DJANGO_CLIENT_IP_HEADER  the header in which a reverse proxy passes on the client's
                      address (X-Forwarded-For), for the login limit; default none (the
                      peer's address). Set it only behind a proxy that sets that header
DJANGO_LOG_LEVEL      of the django and scorekeeper loggers (to stderr); default INFO
DJANGO_STATIC_ROOT    where `collectstatic` puts the files WhiteNoise serves; default
                      staticfiles/ here
DJANGO_CACHE_DIR      the folder of the cache that the server's processes share (the table's
                      blank hand forms); default a folder in the system's temporary folder,
                      one per checkout and database
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from hashlib import md5
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


def env_bool(name: str, *, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected 1/0, true/false, yes/no or on/off")


def env_int(name: str, *, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected a whole number") from None
    if value < 0:
        raise ImproperlyConfigured(f"{name}={raw!r}: expected zero or more")
    return value


def env_text(name: str, *, default: str) -> str:
    """A line of text, trimmed; unset or blank: the default."""
    return os.environ.get(name, "").strip() or default


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    items = [item.strip() for item in raw.split(",")]
    if any(not item for item in items):
        raise ImproperlyConfigured(f"{name}={raw!r}: expected comma-separated values, no blanks")
    return items


# pytest sets PYTEST_VERSION for the whole session; `manage.py test` is the other runner.
TESTING = "PYTEST_VERSION" in os.environ or sys.argv[1:2] == ["test"]

DEBUG = env_bool("DJANGO_DEBUG", default=False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set: set it, or set DJANGO_DEBUG=1 for local development"
        )
    SECRET_KEY = "django-insecure-development-only-never-in-production"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# Served over HTTPS only: cookies never travel in clear, http is redirected, and browsers
# are told (HSTS) to use https. Behind a proxy that ends TLS, set DJANGO_PROXY_SSL_HEADER,
# or every request looks like http and is redirected forever.
# The tests speak plain http to the test client.
HTTPS = env_bool("DJANGO_HTTPS", default=not (DEBUG or TESTING))
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = HTTPS
#: The max-age the HSTS preload list asks for (and the deploy check expects with it).
HSTS_YEAR = 31536000
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", default=HSTS_YEAR) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
# The preload list only takes a domain submitted by hand with a max-age of a year or more;
# "preload" with less asks browsers for what the list refuses.
SECURE_HSTS_PRELOAD = HTTPS and env_bool(
    "DJANGO_HSTS_PRELOAD", default=SECURE_HSTS_SECONDS >= HSTS_YEAR
)
if SECURE_HSTS_PRELOAD and SECURE_HSTS_SECONDS < HSTS_YEAR:
    raise ImproperlyConfigured(
        f"DJANGO_HSTS_PRELOAD is on with DJANGO_HSTS_SECONDS={SECURE_HSTS_SECONDS}: preloading "
        f"needs a max-age of a year ({HSTS_YEAR}) or more; set DJANGO_HSTS_PRELOAD=0 for less"
    )
if env_bool("DJANGO_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so that runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Django's own widget templates, found by the form renderer below.
    "django.forms",
    "django_htmx",
    # Wraps the template loaders so that `template.html#partial` names can be rendered.
    "template_partials",
    # Countries' names in the reader's language (a player's country, a tournament's).
    "django_countries",
    # The club's models, then the rooms, each an app owning its views, urls, forms,
    # admin, commands and template tags, each importing only from those above it here.
    "scorekeeper.club",
    "scorekeeper.registry",
    "scorekeeper.calculator",
    "scorekeeper.table",
    "scorekeeper.history",
    "scorekeeper.operations",
    "scorekeeper.ratings",
    "scorekeeper.tournaments",
    "scorekeeper.ema",
    "scorekeeper.api",
]

MIDDLEWARE = [
    # Before all: the request's calls get room of their own on the interpreter's frame stack.
    "scorekeeper.frame_room.FrameRoomMiddleware",
    # Then: a body too large is refused before anything reads it.
    "scorekeeper.limits.BodyLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # The Content-Security-Policy, on every answer (the static files' too).
    "scorekeeper.headers.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the one chosen on the site (a cookie), else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A game deleted while a page read it: a page that says so.
    "scorekeeper.table.gone.GameGoneMiddleware",
    # SQLite's write lock not got in time: 503, try again (not a 500).
    "scorekeeper.busy.BusyDatabaseMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.registry.views.accounts.site_context",
            ],
        },
    },
]

# Widgets render through TEMPLATES, so that a widget's template can live in templates/ (the
# hand form's chips) like every other template of the site.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

_DATABASE_URL = os.environ.get("DATABASE_URL", "")
DATABASES = {
    "default": (
        dj_database_url.parse(_DATABASE_URL, conn_max_age=600, conn_health_checks=True)
        if _DATABASE_URL
        else {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several server processes share one file. WAL lets pages be read while a hand is
    # written; IMMEDIATE transactions take the write lock when they begin, so two phones
    # writing at once queue (up to `timeout` seconds) instead of one failing with
    # "database is locked" when its read turns into a write.
    _SQLITE_OPTIONS = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    DATABASES["default"]["OPTIONS"] = _SQLITE_OPTIONS


def _release() -> str:
    """What the site's code and templates are now (their names, sizes and times): the
    cache's key prefix, so that what a cache holds from an earlier release is never read."""
    digest = md5(usedforsecurity=False)
    for folder, pattern in (("templates", "*.html"), ("scorekeeper", "*.py"), ("scoring", "*.py")):
        for path in sorted((BASE_DIR / folder).rglob(pattern)):
            stat = path.stat()
            digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:12]


def _cache_dir() -> str:
    chosen = os.environ.get("DJANGO_CACHE_DIR", "").strip()
    if chosen:
        return chosen
    if TESTING:
        # A run of the tests never reads what an earlier run left.
        folder = tempfile.mkdtemp(prefix="scorekeeper-test-cache-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        return folder
    place = f"{BASE_DIR}:{DATABASES['default']['NAME']}".encode()
    return str(
        Path(tempfile.gettempdir())
        / f"scorekeeper-cache-{md5(place, usedforsecurity=False).hexdigest()[:12]}"
    )


# The server's processes (gunicorn's workers) share one cache in files: a table's blank
# hand form is rendered once for the server, not once per worker (pages.py). Several app
# servers each keep their own; it holds nothing that must be shared between them.
CACHES = {
    "default": {
        "BACKEND": "scorekeeper.file_cache.FileCache",
        "LOCATION": _cache_dir(),
        "KEY_PREFIX": _release(),
        # A blank form is worth keeping for an evening.
        "TIMEOUT": 6 * 3600,
        "OPTIONS": {"MAX_ENTRIES": 1000},
    }
}


DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's accounts; each request's user comes with whether they are a member.
AUTHENTICATION_BACKENDS = ["scorekeeper.registry.permissions.MemberBackend"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("ja", "日本語")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language chosen on the site is remembered for a year.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = HTTPS
TIME_ZONE = "UTC"
USE_I18N = True
# Dates as each language writes them (DATE_FORMAT, YEAR_MONTH_FORMAT): scorekeeper/formats/.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Development and tests serve static files from their folders, without `collectstatic`.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG or TESTING
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # The manifest (hashed, compressed copies) needs `collectstatic`.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# The club's name: the site's name in its header, its page titles and on a phone's home
# screen (the web app manifest).
SCOREKEEPER_CLUB_NAME = env_text("SCOREKEEPER_CLUB_NAME", default="Scorekeeper")

# Who may read without an account (see scorekeeper/registry/permissions.py).
SCOREKEEPER_PUBLIC_READ = env_bool("SCOREKEEPER_PUBLIC_READ", default=True)
#: A change that touches many finished games (a correction long ago, a merge, a restore) has
#: its ratings worked out by a thread after the request (``ratings.services``); in the tests,
#: at once, where the test can see them.
SCOREKEEPER_RATINGS_IN_BACKGROUND = not TESTING

# The most requests one API token may send in a minute (scorekeeper/api/ratelimit.py).
SCOREKEEPER_API_RATE = env_int("SCOREKEEPER_API_RATE", default=120)

# The header a reverse proxy puts the client's address in, as request.META names it
# ("X-Forwarded-For" -> "HTTP_X_FORWARDED_FOR"); blank: the peer's address.
_CLIENT_IP_HEADER = os.environ.get("DJANGO_CLIENT_IP_HEADER", "").strip()
if _CLIENT_IP_HEADER and not _CLIENT_IP_HEADER.replace("-", "").isalnum():
    raise ImproperlyConfigured(
        f"DJANGO_CLIENT_IP_HEADER={_CLIENT_IP_HEADER!r}: expected a header name, "
        "like X-Forwarded-For"
    )
SCOREKEEPER_CLIENT_IP_HEADER = (
    "HTTP_" + _CLIENT_IP_HEADER.upper().replace("-", "_") if _CLIENT_IP_HEADER else ""
)

# Bounds on one request (``scorekeeper.limits``). The largest form of the site is a few
# kilobytes; a megabyte leaves room for any of them and keeps a flood of bodies small. A game
# record sent to import stays in memory, within the same bound. Only a backup sent to restore
# may be larger, from an organiser alone (``limits.allows_body``), kept in a temporary file
# while it is read: 8 MB holds some 3,500 games, restored in some 12 to 17 seconds (a line's
# checks take time in proportion to its length, and a line holds at most 1 MB). The server's
# timeout does not bound it: gunicorn's threaded workers go on answering their heartbeat
# while one of their threads works; this bound does. A larger club restores with
# ``manage.py restore``.
SCOREKEEPER_MAX_BODY = 1024 * 1024
SCOREKEEPER_MAX_BACKUP = 8 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = SCOREKEEPER_MAX_BODY
FILE_UPLOAD_MAX_MEMORY_SIZE = SCOREKEEPER_MAX_BODY
# A season chosen game by game sends one field per game: room for thousands.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5000
DATA_UPLOAD_MAX_NUMBER_FILES = 1

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Errors and their tracebacks go to stderr, where gunicorn and the service manager keep
# them: by default Django logs nothing in production but mails ADMINS, which a club has not.
_LOG_LEVEL = os.environ.get("DJANGO_LOG_LEVEL", "INFO").strip().upper()
if _LOG_LEVEL not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
    raise ImproperlyConfigured(f"DJANGO_LOG_LEVEL={_LOG_LEVEL!r}: expected INFO, WARNING, ...")
_STDERR = {"handlers": ["stderr"], "level": _LOG_LEVEL}
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A refused request (403, 404, 400) is one line; a server error keeps its traceback.
    "filters": {"one_line_refusals": {"()": "scorekeeper.logs.OneLineRefusals"}},
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "filters": ["one_line_refusals"],
            "formatter": "line",
        }
    },
    # In debug, Django's own console logging stays as it is.
    "loggers": {"scorekeeper": _STDERR} if DEBUG else {"scorekeeper": _STDERR, "django": _STDERR},
}
