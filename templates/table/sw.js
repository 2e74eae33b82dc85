// The service worker: keeps the table pages that were open, their scripts, styles, icons and
// tile images, so that a table goes on without the network; any other page says it is
// offline instead of failing. Written by hand, a few lines for two rules (Workbox's routing,
// strategies and precaching would be six files to serve for the same).
// Hands are not sent from here: the table page keeps them (js/outbox.js), where it shows them.
const CACHE = "{{ cache }}";
const KEPT = {{ kept|safe }};
const OFFLINE = {{ offline|safe }};
const STATIC = {{ static|safe }};
const TABLE = new RegExp("^/games/[0-9]+/$");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// A table page asks for itself and its files to be kept (the first time it is shown, the
// worker was not there yet to see them go by). A page shown to someone not logged in (after
// logging out, or once the session ended) asks it to forget the pages it keeps: they were a
// member's, and the next person to pick up the phone should not open them without the
// network. The static files and the offline page (which names no one) stay.
self.addEventListener("message", (event) => {
  if (event.data && event.data.forget) {
    event.waitUntil(forgetPages());
    return;
  }
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map((url) => {
          const path = new URL(url, self.location.origin);
          if (path.origin !== self.location.origin) return null;
          if (TABLE.test(path.pathname)) return refresh(new Request(path.href), cache).catch(() => null);
          return cache.add(path.href).catch(() => null);
        }),
      ),
    ),
  );
});

function forgetPages() {
  return caches.open(CACHE).then((cache) =>
    cache.keys().then((requests) =>
      Promise.all(
        requests
          .filter((request) => {
            const path = new URL(request.url).pathname;
            return path !== OFFLINE && !path.startsWith(STATIC);
          })
          .map((request) => cache.delete(request)),
      ),
    ),
  );
}

// A table page from the network, kept under its address without the query.
function refresh(request, cache) {
  const url = new URL(request.url);
  return fetch(request).then((response) => {
    // A table opened back from the calculator carries a hand in its address: not kept.
    if (response.ok && !url.search) cache.put(url.origin + url.pathname, response.clone());
    return response;
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (TABLE.test(url.pathname) && !request.headers.get("HX-Request")) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        refresh(request, cache).catch(() =>
          cache.match(url.origin + url.pathname, { ignoreVary: true }).then((kept) => kept || offline(request)),
        ),
      ),
    );
  } else if (url.pathname.startsWith(STATIC)) {
    // Kept files at once, and fetched again behind them (hashed names never change; in
    // development the next visit gets the new file).
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request, { ignoreVary: true }).then((kept) => {
          const fresh = fetch(request).then((response) => {
            if (response.ok) cache.put(request, response.clone());
            return response;
          });
          if (!kept) return fresh;
          event.waitUntil(fresh.catch(() => null));
          return kept;
        }),
      ),
    );
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offline(request)));
  }
});

function offline(request) {
  if (request.mode !== "navigate") return Response.error();
  return caches.match(OFFLINE, { ignoreVary: true }).then((page) => page || Response.error());
}
