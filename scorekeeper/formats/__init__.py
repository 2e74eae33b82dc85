"""The site's date formats by language (``FORMAT_MODULE_PATH``): templates and code ask for
``DATE_FORMAT`` or ``YEAR_MONTH_FORMAT`` and read the day as the reader's language writes it.
A format not given here is Django's own for that language."""
