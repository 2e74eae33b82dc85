// The site installs its service worker (templates/table/sw.js), which keeps the table pages
// for when the network goes. Without service workers, or without this script, every page
// works as before, online.
(() => {
  const script = document.currentScript;
  if (!script) return;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(() => {});
    // Not logged in (logged out, or the session ended): the worker forgets the table pages
    // it kept, which were a member's.
    if (script.dataset.forget) {
      navigator.serviceWorker.ready.then((registration) => {
        if (registration.active) registration.active.postMessage({ forget: true });
      });
    }
  }
  // Hands recorded on this phone stay in its outbox after logging out (they are the table's,
  // and nowhere else): said here, since only a member's table page sends them.
  if (script.dataset.forget && window.indexedDB) waitingHands(script.dataset);
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
        const count = all.result.filter((entry) => !entry.refused).length;
        if (!count) return;
        const messages = document.getElementById("messages");
        if (!messages) return;
        const item = document.createElement("li");
        item.className = "message message-warning";
        item.textContent = (count === 1 ? words.waitingOne : words.waitingMany).replace("{hands}", count);
        messages.append(item);
      };
    };
  }
})();
