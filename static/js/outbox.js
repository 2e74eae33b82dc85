// The table's outbox: a hand recorded without the network (or whose answer never came) is
// kept on the phone, in IndexedDB (through idb), with a key made here and the number of hands
// it was entered after, shown in the hand log as waiting; the table goes on recording. When
// the network is back (or the page is opened again) the hands are sent in order, each with
// its key, so the server stores each once whatever number of times it arrives, and keeps
// apart one whose place another phone took (the table page then shows both versions).
// Without this script the form posts as before (without a key: the number of hands it was
// drawn at keeps a second sending from recording it twice).
// Each hand keeps the moment it was entered (sent as entered_at) and who entered it; the
// hands are sent from any page of their game, a finished or deleted one's too (the server
// keeps what it cannot record for a person to settle, and says where each went), and by the
// service worker while the page is closed, where the browser has Background Sync.
(() => {
  const script = document.currentScript;
  const WORDS = (script && script.dataset) || {};
  if (!window.indexedDB || !window.idb) return;

  const database = idb.openDB("scorekeeper-outbox", 1, {
    upgrade(db) {
      db.createObjectStore("hands", { keyPath: "key" }).createIndex("game", "game");
    },
  });
  let queue = []; // this game's hands waiting, in the order they were entered
  let game = null; // the address hands are sent to (the game's hands): the game
  // The most hands a game's outbox keeps: a hanchan offline twice over.
  const MOST = 60;
  let sending = null; // the hand htmx is sending now, kept if its answer never comes

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  function form() {
    return document.getElementById("hand-form");
  }

  // The CSRF token: the cookie's (a page kept from before a login carries an old one),
  // else the page's.
  function token() {
    const cookie = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
    if (cookie) return cookie.slice("csrftoken=".length);
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["x-csrftoken"] || "";
    } catch {
      return "";
    }
  }

  function served() {
    const field = form() && form().querySelector('#hand-sequence input[name="sequence"]');
    return field ? Number(field.value) : 0;
  }

  // The hands still to send (a hand the server refused stays, marked, until discarded).
  function waiting() {
    return queue.filter((entry) => !entry.refused);
  }

  function nextSequence() {
    const sending = waiting();
    return Math.max(served(), sending.length ? sending[sending.length - 1].sequence + 1 : 0);
  }

  function say(text) {
    const messages = document.getElementById("messages");
    if (!messages) return;
    const item = document.createElement("li");
    item.className = "message message-warning";
    item.textContent = text;
    messages.replaceChildren(item);
  }

  // The hand in words, from the chips chosen, as the form shows them: what happened, then
  // each group's choices (who, from whom, each winner's han and fu).
  function describe(element) {
    const outcome = element.querySelector('input[name="outcome"]:checked');
    if (!outcome) return "";
    const parts = [face(outcome)];
    for (const group of element.querySelectorAll("fieldset.group[data-for]")) {
      if (!group.dataset.for.split(" ").includes(outcome.value)) continue;
      const chosen = [...group.querySelectorAll("input:checked")].map(face);
      if (chosen.length) parts.push(`${legend(group)}: ${chosen.join(", ")}`);
    }
    const winners = new Set(
      [...element.querySelectorAll(`input[name="${outcome.value === "tsumo" ? "winner" : "winners"}"]:checked`)].map(
        (input) => input.value,
      ),
    );
    for (const win of element.querySelectorAll("fieldset.win")) {
      if (!winners.has(win.dataset.seat)) continue;
      const han = win.querySelector('.subgroup-han input:checked');
      const kinds = han && han.value === "yakuman" ? ["yakuman"] : ["han", "fu"];
      const chosen = [...win.querySelectorAll(kinds.map((kind) => `.subgroup-${kind}`).join(", "))]
        .map((sub) => [sub.querySelector(".sublabel"), [...sub.querySelectorAll("input:checked")].map(face)])
        .filter(([, faces]) => faces.length)
        .map(([label, faces]) => `${label ? label.textContent.trim() : ""} ${faces.join(", ")}`.trim());
      if (chosen.length) parts.push(`${legend(win)}: ${chosen.join(", ")}`);
    }
    return parts.join(" · ");
  }

  function face(input) {
    const label = input.closest("label");
    const who = label && label.querySelector(".who");
    if (who) return who.getAttribute("title") || who.textContent.trim();
    return label ? label.textContent.trim() : input.value;
  }

  // A group's legend without what only helps the choosing: "Who won? (up to 2)" is "Who won".
  function legend(group) {
    const node = group.querySelector("legend");
    const text = node ? node.firstChild.textContent.split(" (")[0].trim() : "";
    return text.replace(/[?？]$/, "");
  }

  function fields(element, entry) {
    const data = [...new FormData(element).entries()].filter(
      ([name]) => !["csrfmiddlewaretoken", "sequence", "key", "after", "blank", "entered_at", "entered_by"].includes(name),
    );
    data.push(["sequence", String(entry.sequence)], ["key", entry.key]);
    data.push(["entered_at", new Date(entry.at).toISOString()]);
    if (entry.by) data.push(["entered_by", entry.by]);
    if (entry.after) data.push(["after", entry.after]);
    return data;
  }

  // A new entry: its key, place, the moment it was entered, who entered it, and the page's
  // CSRF token (for the service worker, which cannot read the cookie everywhere).
  function entryFor(sequence) {
    return { key: uuid(), game, sequence, at: Date.now(), by: WORDS.account || "", token: token() };
  }

  async function keep(entry) {
    queue.push(entry);
    await (await database).put("hands", entry);
    show();
    later();
  }

  // Background Sync: the worker sends what waits when the network is back, the page closed.
  function later() {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready
      .then((registration) => registration.sync && registration.sync.register("outbox"))
      .catch(() => {});
  }

  async function drop(entry) {
    queue = queue.filter((other) => other.key !== entry.key);
    await (await database).delete("hands", entry.key);
    show();
  }

  // A hand entered while hands wait (or with no network): kept, and the form made blank for
  // the next one.
  function keepFromForm(element) {
    const entry = entryFor(nextSequence());
    const before = waiting();
    if (before.length) entry.after = before[before.length - 1].key;
    entry.words = describe(element);
    entry.fields = fields(element, entry);
    element.reset();
    element.querySelectorAll("details[open]").forEach((details) => {
      details.open = false;
    });
    return keep(entry);
  }

  document.addEventListener(
    "submit",
    (event) => {
      const element = event.target;
      if (element.id !== "hand-form" || !game) return;
      const submitter = event.submitter;
      if (submitter && submitter.hasAttribute("formaction")) return; // to the calculator
      const offline = !navigator.onLine || waiting().length > 0;
      if (offline) {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (!element.querySelector('input[name="outcome"]:checked')) {
          say(WORDS.choose);
          return;
        }
        if (queue.length >= MOST) {
          say((WORDS.full || "{hands}").replace("{hands}", MOST));
          return;
        }
        keepFromForm(element).then(send);
        return;
      }
      // Online with nothing waiting: htmx sends it, with a key of its own; if no answer
      // comes, the hand waits here under that key (the server may have it already).
      let key = element.querySelector('input[name="key"]');
      if (!key) {
        key = document.createElement("input");
        key.type = "hidden";
        key.name = "key";
        element.append(key);
      }
      const entry = entryFor(served());
      key.value = entry.key;
      let entered = element.querySelector('input[name="entered_at"]');
      if (!entered) {
        entered = document.createElement("input");
        entered.type = "hidden";
        entered.name = "entered_at";
        element.append(entered);
      }
      entered.value = new Date(entry.at).toISOString();
      entry.words = describe(element);
      entry.fields = fields(element, entry);
      sending = entry;
    },
    true,
  );

  document.addEventListener("htmx:sendError", (event) => {
    if (!sending || !event.detail.elt || event.detail.elt.id !== "hand-form") return;
    const entry = sending;
    sending = null;
    const element = form();
    if (element) element.reset();
    // The server may have it already: sent again at once under its key, it is stored once.
    keep(entry).then(() => {
      say(WORDS.kept);
      send();
    });
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.elt && event.detail.elt.id === "hand-form" && event.detail.successful !== false) {
      if (event.detail.xhr && event.detail.xhr.status) sending = null;
    }
  });

  // The preview is the server's: while hands wait (or the network is gone) it waits too.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const element = event.detail.elt;
    if (!element || element.id !== "preview") return;
    if (navigator.onLine && !waiting().length) return;
    event.preventDefault();
    const note = document.createElement("p");
    note.className = "preview-missing";
    note.textContent = WORDS.preview;
    element.replaceChildren(note);
  });

  // After a hand recorded online, the copy of the page the service worker keeps is fetched
  // again, so that a reload without the network shows the table as it is now.
  document.addEventListener("hand-recorded", () => {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      fetch(window.location.pathname, { credentials: "same-origin" }).catch(() => {});
    }
  });
  document.addEventListener("htmx:afterSettle", show);

  // The hands waiting, sent in order, each marked as one that waited (whose place another
  // phone may have taken, or whose game was closed or deleted meanwhile: the server then
  // merges it, or keeps it apart for a person to settle, and says so). Each answer is the
  // server's decision (all a redirect to the game's page, which says where the hand went),
  // except a refusal of the hand itself (422, 400, 410: it stays here, marked, with the
  // server's reason), of the phone (403: it stays, to send after logging in again), or a
  // server busy (503: sent again after the time it asks) or a race to retry (409). With no
  // answer, the rest wait for the next try. The count of what was sent is kept over the
  // reload that shows where they went.
  let busy = false;
  let retry = null;
  async function send() {
    if (busy || !navigator.onLine || !waiting().length || !game) return;
    busy = true;
    let delivered = 0;
    const total = waiting().length;
    try {
      for (const entry of [...queue]) {
        if (entry.refused) continue;
        let response;
        try {
          response = await fetch(game, {
            method: "POST",
            body: new URLSearchParams([...entry.fields, ["waited", "1"]]),
            headers: { "X-CSRFToken": token(), "Idempotency-Key": entry.key },
            credentials: "same-origin",
            redirect: "manual",
          });
        } catch {
          break;
        }
        if (response.type === "opaqueredirect" || response.ok) {
          await drop(entry);
          delivered += 1;
        } else if (response.status === 422 || response.status === 400 || response.status === 410) {
          entry.refused = true;
          entry.reason = await reason(response);
          await (await database).put("hands", entry);
        } else if (response.status === 503) {
          const seconds = Math.min(Math.max(Number(response.headers.get("Retry-After")) || 5, 1), 120);
          say((WORDS.busy || "{seconds}").replace("{seconds}", seconds));
          clearTimeout(retry);
          retry = setTimeout(send, seconds * 1000);
          break;
        } else {
          say(response.status === 403 ? WORDS.denied : WORDS.failed);
          break;
        }
      }
    } finally {
      busy = false;
      show();
    }
    // The table as the server has it now, with what became of each hand, and how many went.
    if (delivered) {
      try {
        sessionStorage.setItem(`outbox-sent:${game}`, JSON.stringify({ sent: delivered, total, left: waiting().length }));
      } catch {
        // without session storage the page says where each went, not the count
      }
      window.location.reload();
    }
  }

  // Why the server refused a hand, in its words: a plain answer's text, or a page's errors.
  async function reason(response) {
    try {
      const text = await response.text();
      if ((response.headers.get("Content-Type") || "").startsWith("text/plain")) return text.trim().slice(0, 500);
      const page = new DOMParser().parseFromString(text, "text/html");
      // A form's errors, the page's messages, or what a page of its own says (a game deleted).
      const errors = [...page.querySelectorAll(".errorlist li, #messages li")].map((node) => node.textContent.trim());
      if (!errors.length && response.status === 410) errors.push(page.querySelector(".lede")?.textContent.trim() || "");
      return errors.filter(Boolean).join(" ").slice(0, 500);
    } catch {
      return "";
    }
  }

  // After the reload that follows a sending: how many were sent, and how many still wait.
  function told() {
    let report = null;
    try {
      report = JSON.parse(sessionStorage.getItem(`outbox-sent:${game}`) || "null");
      sessionStorage.removeItem(`outbox-sent:${game}`);
    } catch {
      return;
    }
    if (!report) return;
    const messages = document.getElementById("messages");
    if (!messages) return;
    const item = document.createElement("li");
    item.className = "message message-info";
    const text = report.sent < report.total ? WORDS.sentSome : report.sent === 1 ? WORDS.sentOne : WORDS.sentAll;
    item.textContent = (text || "{sent}")
      .replace("{sent}", report.sent)
      .replace("{total}", report.total)
      .replace("{left}", report.left);
    messages.prepend(item);
  }

  function waitingText(count) {
    const text = count === 1 ? WORDS.waitingOne : WORDS.waitingMany;
    return (text || "{hands}").replace("{hands}", count);
  }

  // What waits, said plainly above the form, and each hand in the log, marked.
  function show() {
    const section = document.getElementById("record-hand") || document.getElementById("game-table");
    let status = document.getElementById("outbox-status");
    const sending = waiting().length;
    if (!sending) {
      if (status) status.remove();
    } else if (section) {
      if (!status) {
        status = document.createElement("div");
        status.id = "outbox-status";
        status.className = "outbox-status";
        status.setAttribute("role", "status");
        section.prepend(status);
      }
      const count = document.createElement("p");
      count.className = "outbox-count";
      count.textContent = waitingText(sending);
      const note = document.createElement("p");
      note.className = "muted";
      note.textContent = WORDS.waits;
      status.replaceChildren(count, note);
    }
    const title = document.getElementById("record-title");
    if (title && waiting().length) title.textContent = (WORDS.hand || "{number}").replace("{number}", nextSequence() + 1);
    // The hand log, or (a deleted game's page has none) the page's own part.
    const log = document.getElementById("hand-log") || document.getElementById("game-table");
    let list = document.getElementById("outbox-log");
    if (!queue.length) {
      if (list) list.remove();
      return;
    }
    if (!log) return;
    if (!list) {
      list = document.createElement("ol");
      list.id = "outbox-log";
      list.className = "log log-outbox";
      const heading = log.querySelector("h2");
      if (heading) heading.after(list);
      else log.prepend(list);
    }
    list.replaceChildren(...[...queue].reverse().map(line));
  }

  function line(entry) {
    const item = document.createElement("li");
    item.className = entry.refused ? "log-hand log-pending log-refused" : "log-hand log-pending";
    const head = document.createElement("p");
    head.className = "log-head";
    const number = document.createElement("span");
    number.className = "log-number";
    number.textContent = `#${entry.sequence + 1}`;
    const mark = document.createElement("span");
    mark.className = "log-pending-mark";
    mark.textContent = entry.refused ? entry.reason || WORDS.refused : WORDS.pending;
    head.append(number, " ", mark);
    const text = document.createElement("p");
    text.className = "log-text";
    text.textContent = entry.words;
    item.append(head, text);
    if (entry.by || entry.at) {
      const authors = document.createElement("p");
      authors.className = "log-authors";
      const moment = new Date(entry.at);
      const when = moment.toLocaleString(document.documentElement.lang || undefined, {
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
      });
      authors.textContent = (entry.by ? WORDS.enteredBy || "{name}" : WORDS.entered || "").replace("{name}", entry.by);
      const time = document.createElement("time");
      time.dateTime = moment.toISOString();
      time.textContent = when;
      authors.append(" ", time);
      item.append(authors);
    }
    if (entry.refused) {
      const discard = document.createElement("button");
      discard.type = "button";
      discard.className = "button-secondary";
      discard.textContent = WORDS.discard;
      discard.addEventListener("click", () => drop(entry));
      item.append(discard);
    }
    return item;
  }

  async function start() {
    const element = form();
    const address = WORDS.hands || (element && element.getAttribute("action"));
    if (!address) return;
    game = new URL(address, window.location.href).pathname;
    const all = await (await database).getAllFromIndex("hands", "game", game);
    queue = all.sort((a, b) => a.at - b.at);
    told();
    show();
    // The service worker keeps this page and its files for a reload without the network:
    // on the first visit it was not there yet to see them go by, so it is asked to.
    if (navigator.serviceWorker && !navigator.serviceWorker.controller) {
      navigator.serviceWorker.ready.then((registration) => {
        const files = [...document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]")].map(
          (node) => node.src || node.href,
        );
        if (registration.active) registration.active.postMessage({ keep: [window.location.pathname, ...files] });
      });
    }
    send();
  }

  window.addEventListener("online", send);
  setInterval(send, 20000);
  start();
})();
