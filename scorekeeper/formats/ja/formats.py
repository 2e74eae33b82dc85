"""Japanese dates: ``2026年11月24日``, ``2026年11月``."""

DATE_FORMAT = "Y年n月j日"
YEAR_MONTH_FORMAT = "Y年n月"
