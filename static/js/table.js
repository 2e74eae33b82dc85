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
// page gone stale or an account logged out (403), the server failing (500), no network.
const FAILURES = {
  403: "This was refused: the page may have gone stale. Reload the page and try again.",
  default: "Something went wrong on our side: reload the page to see where the game is, and try again.",
  offline: "The server could not be reached: nothing was sent. Check the connection and try again.",
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
