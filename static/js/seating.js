// The new game's players by taps: each player tapped takes the next seat (East first) in
// the form's selects, which stay the form's truth (without this script they are chosen
// one by one); a player tapped again leaves their seat. The chip shows the seat's wind.
(() => {
  function setUp() {
    const picks = document.querySelector(".player-picks");
    if (!picks) return;
    const form = picks.closest("form");
    const selects = [...form.querySelectorAll(".seats select")];
    const winds = picks.dataset.winds || "";
    picks.hidden = false;

    function show() {
      const seatOf = new Map(selects.map((select, seat) => [select.value, seat]));
      for (const chip of picks.querySelectorAll(".pick")) {
        const seat = seatOf.get(chip.dataset.player);
        const seated = seat !== undefined && chip.dataset.player !== "";
        chip.setAttribute("aria-pressed", String(seated));
        chip.querySelector(".pick-wind").textContent = seated ? winds[seat] || "" : "";
      }
    }

    picks.addEventListener("click", (event) => {
      const chip = event.target.closest(".pick");
      if (!chip) return;
      const player = chip.dataset.player;
      const seated = selects.find((select) => select.value === player);
      if (seated) {
        seated.value = "";
      } else {
        const free = selects.find((select, seat) => {
          const typed = form.querySelector(`[name="new_${seat}"]`);
          return select.value === "" && !(typed && typed.value.trim());
        });
        if (!free) return;
        free.value = player;
      }
      show();
    });
    form.addEventListener("change", show);
    show();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
