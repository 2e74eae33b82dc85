// The site installs its service worker (templates/table/sw.js), which keeps the table pages
// for when the network goes. Without service workers, or without this script, every page
// works as before, online.
if ("serviceWorker" in navigator && document.currentScript) {
  navigator.serviceWorker.register(document.currentScript.dataset.worker, { scope: "/" }).catch(() => {});
}
