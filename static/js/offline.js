// The site installs its service worker (templates/table/sw.js), which keeps the table pages
// for when the network goes. Without service workers, or without this script, every page
// works as before, online.
(() => {
  const script = document.currentScript;
  if (!script) return;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(() => {});
    // Whose pages these are (an account's id, or none): the worker keeps one account's table
    // pages at a time, and forgets them when another logs in, or when one logs out.
    // (The offline page, drawn for no one, says nothing.)
    if ("account" in script.dataset) {
      navigator.serviceWorker.ready.then((registration) => {
        if (registration.active) registration.active.postMessage({ account: script.dataset.account });
      });
    }
  }
  // Hands recorded on this phone that still wait (the table's outbox keeps them, and sends
  // them from their table's page): said on every other page, with the way to their tables.
  if (window.indexedDB && !document.querySelector("script[data-hands]")) waitingHands(script.dataset);
  // A part of a page that cannot be fetched without the network says so, on any page (the
  // table's own script says more, after this).
  document.addEventListener("htmx:sendError", () => {
    const messages = document.getElementById("messages");
    if (!messages) return;
    const item = document.createElement("li");
    item.className = "message message-error";
    item.textContent = script.dataset.offline;
    messages.replaceChildren(item);
  });

  function said(entries, one, many) {
    const item = document.createElement("li");
    item.className = "message message-warning outbox-waiting";
    const count = entries.length;
    item.textContent = (count === 1 ? one : many).replace("{hands}", count);
    // Each game the hands are for, by its table's address (the hands' address less "hands/").
    const tables = [...new Set(entries.map((entry) => entry.game.replace(/hands\/$/, "")))];
    for (const table of tables) {
      const link = document.createElement("a");
      link.href = table;
      link.textContent = (script.dataset.open || "{game}").replace("{game}", table.split("/").filter(Boolean).pop());
      item.append(" ", link);
    }
    return item;
  }

  // The outbox's hands still to send (js/outbox.js keeps them), counted without making the
  // outbox's database where there is none (outbox.js makes it, with its store).
  function waitingHands(words) {
    const opening = indexedDB.open("scorekeeper-outbox");
    opening.onupgradeneeded = () => opening.transaction.abort();
    opening.onerror = (event) => event.preventDefault();
    opening.onsuccess = () => {
      const database = opening.result;
      if (!database.objectStoreNames.contains("hands")) {
        database.close();
        return;
      }
      const all = database.transaction("hands").objectStore("hands").getAll();
      all.onsuccess = () => {
        database.close();
        const messages = document.getElementById("messages");
        if (!messages) return;
        // Those still to send, and those the server refused (kept until someone discards
        // them on their table's page): each said, with the way to their tables.
        const waiting = all.result.filter((entry) => !entry.refused);
        const refused = all.result.filter((entry) => entry.refused);
        if (waiting.length) messages.append(said(waiting, words.waitingOne, words.waitingMany));
        if (refused.length && words.refusedMany) messages.append(said(refused, words.refusedOne, words.refusedMany));
      };
    };
  }
})();
