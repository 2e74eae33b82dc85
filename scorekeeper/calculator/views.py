"""The hand calculator, the fu calculator, the calculator's JSON endpoint and the payment
table.

Both pages are GET forms whose whole state is in the query string: without JavaScript each
tap reloads the page, with htmx it swaps the form and its answer in place. A tap (``add=5p``)
redirects to the state it leads to, so that the address always shows the hand, never the tap.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Final

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from scorekeeper.calculator.checklist import FuForm
from scorekeeper.calculator.forms import MODE_HINTS, CalculatorForm, PaymentTableForm
from scorekeeper.calculator.payment import HAN_COLUMNS, payment_sheets
from scorekeeper.calculator.screen import (
    AnswerView,
    answer_view,
    fu_lines,
    fu_payment_views,
    hand_view,
    picker_rows,
)
from scorekeeper.club.bounds import load_json
from scorekeeper.errors import JsonRefused, TooDeep
from scorekeeper.format import limit_name
from scorekeeper.htmx import HtmxHttpRequest, template_for
from scorekeeper.registry.permissions import read_required
from scorekeeper.request_numbers import request_number
from scoring.calculator.score import HandScore, calculate_hand
from scoring.calculator.tiles import HandError, TextTooLong
from scoring.errors import RulesError, ScoringError

#: The longest query string a calculator page reads. A hand's whole state (at most 18
#: tiles, four melds, the indicators, the situation and the table to go back to) takes a
#: few hundred characters; anything longer is refused before a field is parsed or echoed.
MAX_QUERY: Final = 2048
#: The largest JSON body the endpoint reads: a hand document is a few hundred bytes.
MAX_BODY: Final = 8 * 1024
#: The deepest nesting the endpoint reads: a hand nests three deep (a meld's fields in the
#: melds, the uma in the rules).
MAX_DEPTH: Final = 4


def query_bounded(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Refuse a query string longer than ``MAX_QUERY`` (414) before the view reads it."""

    @wraps(view)
    def bounded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        length = len(request.META.get("QUERY_STRING", ""))
        if length > MAX_QUERY:
            context = {"length": f"{length:,}", "most": f"{MAX_QUERY:,}", "path": request.path}
            return render(request, "calculator/query_too_long.html", context, status=414)
        return view(request, *args, **kwargs)

    return bounded


@require_safe
@read_required
@query_bounded
@vary_on_headers("HX-Request")
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    form = CalculatorForm(request.GET, host=request.get_host())
    valid = form.is_valid()
    if valid and form.tapped():
        return redirect(f"{reverse('calculator')}?{form.query(form.after_tap())}")
    missing = form.missing() if valid else None
    result = form.score() if valid and missing is None else None
    context = {
        "form": form,
        "hand": hand_view(form.tiles),
        "picker": picker_rows(form.tiles, form.ruleset, form.data.get("mode")),
        "hint": MODE_HINTS.get(form.data["mode"], ""),
        "missing": missing,
        "answer": _answer(form, result) if result else None,
        "clear_url": form.clear_url(),
        "return_url": form.return_url() if result else None,
        "back_url": form.back_url(),
    }
    template = template_for(request, "calculator/calculator.html", "calculator")
    response = render(request, template, context, status=422 if form.errors else 200)
    if valid:
        # htmx shows the state's own address, not the form's every field.
        response["HX-Push-Url"] = form.address
    return response


def _answer(form: CalculatorForm, result: HandScore) -> AnswerView:
    data = form.cleaned_data
    return answer_view(
        result, rules=form.ruleset, dealer=data["seat_wind"] == "E", honba=data["honba"]
    )


@require_safe
@read_required
@query_bounded
@vary_on_headers("HX-Request")
def fu_calculator(request: HtmxHttpRequest) -> HttpResponse:
    form = FuForm(request.GET)
    answer = form.answer() if form.is_valid() else None
    context = {
        "form": form,
        "answer": answer,
        "payments": fu_payment_views(answer.value, tsumo=answer.tsumo) if answer else (),
        "fu_lines": fu_lines(answer.fu.lines) if answer else (),
        "limit": limit_name(answer.value.limit)
        if answer and answer.value and answer.value.limit
        else "",
    }
    template = template_for(request, "calculator/fu_calculator.html", "fu-calculator")
    return render(request, template, context, status=422 if form.errors else 200)


# The endpoint only calculates: it reads no session data and writes nothing, so a forged
# cross-site request can learn nothing and change nothing. Programs post JSON to it without
# a CSRF token. The body's size is checked before it is read, its nesting as it is parsed
# (at most 8 KB), each text's length before the text is read, so that a huge or hostile body
# costs nothing.
@csrf_exempt
@require_POST
@read_required
def hand_api(request: HttpRequest) -> JsonResponse:
    if _content_length(request) > MAX_BODY:
        return _refusal(
            f"The body is larger than {MAX_BODY:,} bytes; a hand document is a few hundred.",
            status=413,
        )
    try:
        doc = load_json(request.body, max_depth=MAX_DEPTH)
    except TooDeep:
        return _refusal(
            f"The body nests deeper than {MAX_DEPTH} levels; a hand document nests three.",
            status=400,
        )
    except JsonRefused as error:
        return _refusal(f"The body is not a hand document: {error}.", status=400)
    except ValueError:
        return _refusal("The body is not JSON (scorekeeper.hand/1).", status=400)
    try:
        return JsonResponse(calculate_hand(doc))
    except TextTooLong as error:
        return _refusal(error.message, field=error.field, status=400)
    except HandError as error:
        return _refusal(error.message, field=error.field, status=422)
    except RulesError as error:
        return _refusal(str(error), field="rules", status=422)
    except ScoringError as error:
        return _refusal(str(error), status=422)


def _refusal(message: str, *, status: int, field: str = "") -> JsonResponse:
    return JsonResponse({"error": message, "field": field}, status=status)


def _content_length(request: HttpRequest) -> int:
    """The body's declared length (Django reads no more than that); an unreadable one
    counts as too long."""
    length = request_number(request.META.get("CONTENT_LENGTH") or "0")
    return MAX_BODY + 1 if length is None else length


@require_safe
@query_bounded
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
        "mangan_words": limit_name("mangan"),
        "kazoe_words": limit_name("kazoe_yakuman"),
        "sanbaiman_words": limit_name("sanbaiman"),
    }
    template = template_for(request, "calculator/payment_table.html", "payment-table")
    return render(request, template, context, status=200 if valid else 422)
