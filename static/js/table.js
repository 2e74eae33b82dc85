// htmx on the table pages. A refused hand (422) and a submission for a game that has moved
// on (409) come back with the table to show, so they are swapped in like a success; a 304
// (the live board unchanged) leaves the board as it is.
htmx.config.responseHandling = [
  { code: "204", swap: false },
  { code: "304", swap: false },
  { code: "[23]..", swap: true },
  { code: "409|422", swap: true },
  { code: "[45]..", swap: false, error: true },
];

// Other refusals and failures are not swapped in, yet they must not pass in silence: a
// page gone stale or an account logged out (403), a game deleted meanwhile (410), the server
// failing (500), no network.
// The words come from the script tag's data attributes, in the page's language.
const WORDS = (document.currentScript && document.currentScript.dataset) || {};
const FAILURES = {
  403: WORDS.refused || "This was refused: the page may have gone stale. Reload the page and try again.",
  410: WORDS.gone || "This game was deleted: there is nothing more to read or record here.",
  503: WORDS.busy || "The club's database is busy: nothing was changed. Try again in a few seconds.",
  default:
    WORDS.failed ||
    "Something went wrong on our side: reload the page to see where the game is, and try again.",
  offline:
    WORDS.offline ||
    "The server could not be reached: nothing was sent. Check the connection and try again.",
};

function tellFailure(text) {
  const messages = document.getElementById("messages");
  if (!messages) return;
  const item = document.createElement("li");
  item.className = "message message-error";
  item.textContent = text;
  messages.replaceChildren(item);
}

document.addEventListener("htmx:responseError", (event) => {
  tellFailure(FAILURES[event.detail.xhr.status] || FAILURES.default);
});
document.addEventListener("htmx:sendError", () => tellFailure(FAILURES.offline));

// A page with a hand form is never shown as it was: the server marks it not to be stored
// (Cache-Control: no-store), and a browser that still keeps it in its back-forward cache
// gets it again from the server when it is shown from there.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && document.getElementById("hand-form")) window.location.reload();
});

// A hand recorded from a blank form whose next hand's form is the same: the answer leaves
// the form in place, with its new number of hands, and the form is reset here to its blank
// choices (as the page drew it) with each winner's yaku folded away again.
document.addEventListener("hand-form-kept", () => {
  const form = document.getElementById("hand-form");
  if (!form) return;
  form.reset();
  form.querySelectorAll("details[open]").forEach((details) => {
    details.open = false;
  });
});

// On a phone the preview and the button stay at the foot of the screen (.record-bar): when
// a choice is made and the next one is not all in view above them, the view moves on, up to
// the choice just made (it stays on the screen) or to the last choice of the form, so that a
// hand is entered with taps alone.
document.addEventListener("change", (event) => {
  const form = document.getElementById("hand-form");
  const bar = form && form.querySelector(".record-bar");
  // Only a person's choice: not a chip the page ticks by itself (yaku.js).
  if (!event.isTrusted) return;
  const chip = event.target.closest && event.target.closest(".chip");
  if (!bar || !chip || !form.contains(chip) || getComputedStyle(bar).position !== "sticky") {
    return;
  }
  const here = chip.closest(".group:not(.win), .subgroup");
  requestAnimationFrame(() => {
    const shown = [...form.querySelectorAll(".group:not(.win), .subgroup")].filter(
      (group) => group.offsetParent !== null,
    );
    const next = shown[shown.indexOf(here) + 1];
    if (!here || !next) return;
    const room = bar.getBoundingClientRect().top - 8;
    const below = next.getBoundingClientRect().bottom - room;
    const above = here.getBoundingClientRect().top - 8;
    const end = shown[shown.length - 1].getBoundingClientRect().bottom - room;
    if (below > 0) window.scrollBy(0, Math.min(above, Math.max(below, end)));
  });
});

// The hand being entered survives a reload or an accidental back: its choices are kept in
// the tab's session storage under the page and the hand's number, and put back in a blank
// form drawn for the same hand (then previewed). A hand recorded, or a form reset, forgets
// them.
(() => {
  const SKIPPED = new Set(["csrfmiddlewaretoken", "sequence", "revision", "blank", "key"]);

  function keyOf(form) {
    const sequence = form.querySelector('[name="sequence"]');
    return `hand-form ${window.location.pathname} ${sequence ? sequence.value : ""}`;
  }

  function save(form) {
    const kept = [...new FormData(form)].filter(
      ([name, value]) => !SKIPPED.has(name) && typeof value === "string",
    );
    try {
      sessionStorage.setItem(keyOf(form), JSON.stringify(kept));
    } catch (error) {
      // A full or refused storage: the form is only not kept.
    }
  }

  function forget(form) {
    try {
      sessionStorage.removeItem(keyOf(form));
    } catch (error) {
      // Nothing kept.
    }
  }

  function restore(form) {
    let kept;
    try {
      kept = JSON.parse(sessionStorage.getItem(keyOf(form)) || "[]");
    } catch (error) {
      return;
    }
    // Only into a blank form: not one the server drew with values (a refusal, a hand
    // back from the calculator) or with choices the browser kept itself.
    if (!kept.length || window.location.search || form.querySelector(".form-errors")) return;
    if (form.querySelector('input[name="outcome"]:checked')) return;
    let last = null;
    for (const [name, value] of kept) {
      for (const field of form.querySelectorAll(`[name="${CSS.escape(name)}"]`)) {
        if (field.type === "radio" || field.type === "checkbox") {
          if (field.value === value) {
            field.checked = true;
            last = field;
          }
        } else if (field.tagName !== "BUTTON") {
          field.value = value;
          last = field;
        }
      }
    }
    form.querySelectorAll("details").forEach((details) => {
      if (details.querySelector("input:checked:not([value=''])")) details.open = true;
    });
    // The preview asks the server for what the form now holds.
    if (last) last.dispatchEvent(new Event("change", { bubbles: true }));
  }

  document.addEventListener("change", (event) => {
    const form = event.target.form;
    if (form && form.id === "hand-form") save(form);
  });
  document.addEventListener("input", (event) => {
    const form = event.target.form;
    if (form && form.id === "hand-form") save(form);
  });
  document.addEventListener("reset", (event) => {
    if (event.target.id === "hand-form") forget(event.target);
  });
  // The hand sent is forgotten once the server has it (under the number it was sent at).
  let sent = null;
  document.addEventListener("submit", (event) => {
    if (event.target.id === "hand-form") sent = keyOf(event.target);
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    const status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (sent && event.detail.elt && event.detail.elt.id === "hand-form" && status < 300 && status >= 200) {
      try {
        sessionStorage.removeItem(sent);
      } catch (error) {
        // Nothing kept.
      }
      sent = null;
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    if (form) restore(form);
  });
})();
