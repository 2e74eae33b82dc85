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
