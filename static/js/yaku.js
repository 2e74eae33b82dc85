// A winner's yaku chips and dora counters fill in the han chip as they change (the server
// does the same for a form sent with yaku and no han), and chiitoitsu and pinfu the fu chip.
// Once a yaku is chosen, Riichi is ticked for a winner whose riichi is ticked and Menzen
// Tsumo for a closed tsumo, as the server adds them; a winner in riichi is closed. Works on
// the form as htmx swaps it in: one listener on the document.
(() => {
  const KAZOE = 13;

  function value(box) {
    const hand = box.querySelector('input[name$="_open"]:checked');
    const open = hand && hand.value === "open";
    let han = 0;
    let yakuman = 0;
    let chosen = 0;
    for (const chip of box.querySelectorAll('input[name$="_yaku"]:checked')) {
      chosen += 1;
      yakuman += Number(chip.dataset.yakuman || 0);
      han += Number((open ? chip.dataset.open : chip.dataset.closed) || 0);
    }
    for (const counter of (box.closest(".win") || box).querySelectorAll("input.dora-count")) {
      han += Number(counter.value || 0);
    }
    return { chosen, han, yakuman };
  }

  function check(fieldset, name, wanted) {
    const chip = fieldset.querySelector(`input[name="${name}"][value="${wanted}"]`);
    if (chip && !chip.checked) {
      chip.checked = true;
      chip.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  function tick(box, name) {
    const chip = box.querySelector(`input[name$="_yaku"][value="${name}"]`);
    if (chip) chip.checked = true;
  }

  function addImplied(box, seat) {
    const checked = [...box.querySelectorAll('input[name$="_yaku"]:checked')];
    if (!checked.length || checked.some((chip) => Number(chip.dataset.yakuman))) return;
    const names = new Set(checked.map((chip) => chip.value));
    const riichi = document.querySelector(`input[name="riichi"][value="${seat}"]`);
    if (riichi && riichi.checked && !names.has("Riichi") && !names.has("Double Riichi")) {
      tick(box, "Riichi");
    }
    const outcome = document.querySelector('input[name="outcome"]:checked');
    const hand = box.querySelector('input[name$="_open"]:checked');
    if (outcome && outcome.value === "tsumo" && !(hand && hand.value === "open")) {
      tick(box, "Menzen Tsumo");
    }
  }

  // A winner in riichi has a closed hand: the open/closed chip left on "Not said" says so.
  function closeForRiichi(fieldset) {
    const seat = fieldset.dataset.seat;
    const riichi = document.querySelector(`input[name="riichi"][value="${seat}"]`);
    const said = fieldset.querySelector(`input[name="win_${seat}_open"]:checked`);
    if (riichi && riichi.checked && (!said || said.value === "")) {
      check(fieldset, `win_${seat}_open`, "closed");
    }
  }

  // Chiitoitsu is 25 fu, pinfu 20 by tsumo and 30 on a discard: those yaku decide the fu.
  function fillFu(fieldset, box) {
    const names = new Set(
      [...box.querySelectorAll('input[name$="_yaku"]:checked')].map((chip) => chip.value),
    );
    const outcome = document.querySelector('input[name="outcome"]:checked');
    const tsumo = outcome && outcome.value === "tsumo";
    const fu = names.has("Chiitoitsu") ? "25" : names.has("Pinfu") ? (tsumo ? "20" : "30") : "";
    if (fu) check(fieldset, `win_${fieldset.dataset.seat}_fu`, fu);
  }

  function fill(fieldset) {
    if (!fieldset) return;
    closeForRiichi(fieldset);
    const box = fieldset.querySelector(".win-yaku");
    if (!box) return;
    addImplied(box, fieldset.dataset.seat);
    const { chosen, han, yakuman } = value(box);
    if (!chosen) return;
    fillFu(fieldset, box);
    const seat = fieldset.dataset.seat;
    const kazoe = box.dataset.kazoe === "yakuman" && han >= KAZOE;
    if (yakuman || kazoe) {
      check(fieldset, `win_${seat}_han`, "yakuman");
      check(fieldset, `win_${seat}_yakuman`, String(yakuman || 1));
    } else if (han > 0) {
      check(fieldset, `win_${seat}_han`, String(Math.min(han, KAZOE)));
    }
  }

  document.addEventListener("change", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    if (target.name === "riichi") {
      fill(document.querySelector(`.win[data-seat="${target.value}"]`));
      return;
    }
    if (target.name === "outcome") {
      document.querySelectorAll(".win").forEach(fill);
      return;
    }
    const box = target.closest(".win-yaku, .win-dora");
    if (box) fill(box.closest(".win"));
  });
  document.addEventListener("input", (event) => {
    const box = event.target.closest && event.target.closest(".win-yaku, .win-dora");
    if (box) fill(box.closest(".win"));
    if (event.target.closest && event.target.closest(".win-dora")) showTotal(event.target);
  });

  // The dora counters' total, beside them.
  function showTotal(element) {
    const dora = element.closest(".win-dora");
    const output = dora && dora.querySelector(".dora-total output");
    if (!output) return;
    let total = 0;
    for (const counter of dora.querySelectorAll("input.dora-count")) {
      total += Math.max(0, Math.floor(Number(counter.value) || 0));
    }
    output.textContent = String(total);
  }

  // A stepper's − and + change its counter by one, within the counter's bounds, as typing
  // the number would (the han, the total and the preview follow).
  document.addEventListener("click", (event) => {
    const step = event.target.closest && event.target.closest(".stepper .step");
    if (!step) return;
    const counter = step.parentElement.querySelector("input.dora-count");
    if (!counter) return;
    const low = Number(counter.min || 0);
    const high = counter.max === "" ? Infinity : Number(counter.max);
    const next = Math.min(high, Math.max(low, (Number(counter.value) || 0) + Number(step.dataset.step)));
    if (String(next) === counter.value) return;
    counter.value = String(next);
    counter.dispatchEvent(new Event("input", { bubbles: true }));
    counter.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();
