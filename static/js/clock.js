// The session clock: each <time class="clock"> counts down to its end (data-started plus
// data-minutes), once a second. Without scripts it shows its start and length.
(function () {
  "use strict";
  // The clock's part refreshes itself with this script in it: one ticking is enough.
  if (window.scorekeeperClock) {
    return;
  }
  window.scorekeeperClock = true;
  function tick() {
    document.querySelectorAll("time.clock").forEach(function (clock) {
      var end = Date.parse(clock.dataset.started) + Number(clock.dataset.minutes) * 60000;
      var left = Math.round((end - Date.now()) / 1000);
      var sign = left < 0 ? "−" : "";
      left = Math.abs(left);
      var minutes = Math.floor(left / 60);
      var seconds = String(left % 60).padStart(2, "0");
      clock.textContent = sign + minutes + ":" + seconds;
      clock.classList.toggle("time-up", sign !== "");
    });
  }
  tick();
  setInterval(tick, 1000);
  document.body.addEventListener("htmx:afterSwap", tick);
})();
