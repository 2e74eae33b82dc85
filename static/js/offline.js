// The site installs its service worker (templates/table/sw.js), which keeps the table pages
// for when the network goes. Without service workers, or without this script, every page
// works as before, online.
(() => {
  const script = document.currentScript;
  if (!script) return;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(() => {});
  }
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
})();
