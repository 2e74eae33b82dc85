"""English dates as the club writes them: ``24 Nov 2026``, ``Nov 2026``."""

DATE_FORMAT = "j M Y"
YEAR_MONTH_FORMAT = "M Y"
