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
