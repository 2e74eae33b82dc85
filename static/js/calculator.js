// htmx on the calculator pages.

// A refused hand (422) comes back with its message beside the field: swap it in like an
// answer.
htmx.config.responseHandling = [
  { code: "204", swap: false },
  { code: "[23]..", swap: true },
  { code: "422", swap: true },
  { code: "[45]..", swap: false, error: true },
];

// A tap or a choice made while the previous one is on its way would be lost when the page
// comes back: keep it, and make it again on the new page once that is in.
const waiting = [];
let replaying = false;

function busy(element) {
  return element.form && element.form.classList.contains("htmx-request");
}

// Nothing under the finger moves: where the tapped tile of the picker (or any control with
// an id) was on the screen is noted, and once the new form is in, the page is scrolled by
// as much as the tiles laid above it have pushed it, so the next tap at the same spot lands
// on the same tile.
let anchor = null;

function noteAnchor(element) {
  const control = element && element.closest("#calculator [id]");
  anchor = control ? { id: control.id, top: control.getBoundingClientRect().top } : null;
}

document.addEventListener("htmx:afterSwap", () => {
  const control = anchor && document.getElementById(anchor.id);
  if (control) {
    const moved = control.getBoundingClientRect().top - anchor.top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }
  anchor = null;
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("#calculator button[name]");
  if (button && busy(button) && !replaying) {
    event.preventDefault();
    waiting.push({ name: button.name, value: button.value, tap: true });
    return;
  }
  noteAnchor(event.target);
});

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field.closest("#calculator") && field.name && busy(field) && !replaying) {
    waiting.push({ name: field.name, value: field.value, checked: field.checked });
  }
});

document.addEventListener("htmx:afterSettle", () => {
  const next = waiting.shift();
  const form = document.querySelector("#calculator form");
  if (!next || !form) return;
  const element = [...form.elements].find(
    (e) => e.name === next.name && (e.type !== "radio" && !next.tap || e.value === next.value),
  );
  if (!element || element.disabled) {
    waiting.length = 0;
    return;
  }
  replaying = true;
  if (next.tap) {
    element.click();
  } else {
    if (element.type === "checkbox" || element.type === "radio") {
      element.checked = next.checked;
    } else {
      element.value = next.value;
    }
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }
  replaying = false;
});

// The bar at the bottom of a phone's screen leads to the answer (and back to the table):
// once the answer's end is on the screen, the bar has nothing to add and hides (the form is
// new after every tap).
function watchAnswer() {
  const bar = document.querySelector(".calc-sticky");
  const answer = document.querySelector("#answer, #fu-answer");
  const end = answer && (answer.lastElementChild || answer);
  if (!bar || !end) return;
  new IntersectionObserver(([entry]) => {
    bar.classList.toggle("answer-in-view", entry.isIntersecting);
  }).observe(end);
}

document.addEventListener("DOMContentLoaded", watchAnswer);
document.addEventListener("htmx:afterSettle", watchAnswer);
