from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from scorekeeper.calculator.forms_payment import PaymentTableForm
from scorekeeper.format import HAN_COLUMNS, payment_sheets


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def template_for(request: HtmxHttpRequest, page: str, partial: str) -> str:
    """The whole page, or only the partial an htmx request swaps in (a history restore
    after a cache miss needs the whole page)."""
    if request.htmx and not request.htmx.history_restore_request:
        return f"{page}#{partial}"
    return page


@require_safe
@vary_on_headers("HX-Request")
def payment_table(request: HtmxHttpRequest) -> HttpResponse:
    form = PaymentTableForm(request.GET)
    valid = form.is_valid()
    rules = form.to_rules() if valid else None
    context = {
        "form": form,
        "rules": rules,
        "sheets": payment_sheets(rules) if rules else (),
        "han_columns": HAN_COLUMNS,
    }
    template = template_for(request, "club/payment_table.html", "payment-table")
    return render(request, template, context, status=200 if valid else 422)
