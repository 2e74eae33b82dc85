"""What a browser sends for a page's form: each named input's value (checked boxes and radio
buttons only, text as typed), each select's chosen option, and each textarea's text."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.select: str | None = None
        self.textarea: str | None = None
        self.data: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form" and attr.get("id") == self.form_id:
            self.inside = True
        if not self.inside or ("name" not in attr and tag != "option"):
            return
        if tag == "input":
            kind = attr.get("type", "text")
            if kind in ("submit", "button"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attr:
                return
            self.data.append((attr["name"], attr.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self.select = attr["name"]
        elif tag == "option" and self.select is not None and "selected" in attr:
            self.data.append((self.select, attr.get("value", "")))
        elif tag == "textarea":
            self.textarea = attr["name"]
            self.data.append((attr["name"], ""))

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            name, text = self.data.pop()
            self.data.append((name, text + data))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None


def form_data(page: str, form_id: str) -> dict[str, str | list[str]]:
    """The form ``form_id`` of ``page`` as the test client posts it (a name given several
    times, such as a group of checkboxes, as a list)."""
    reader = _FormReader(form_id)
    reader.feed(page)
    data: dict[str, str | list[str]] = {}
    for name, value in reader.data:
        if name in data:
            earlier = data[name]
            data[name] = [*earlier, value] if isinstance(earlier, list) else [earlier, value]
        else:
            data[name] = value
    return data
