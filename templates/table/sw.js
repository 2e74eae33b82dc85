// The service worker: keeps the table pages that were open, their scripts, styles, icons and
// tile images, so that a table goes on without the network; any other page says it is
// offline instead of failing. Written by hand, a few lines for a few rules (Workbox's routing,
// strategies and precaching would be six files to serve for the same).
// The files are kept in a cache named by the release (a new release drops the old files);
// the table pages in one that outlives releases (a new worker takes them over and fetches
// them again), for one account at a time: each page is kept with the account it was drawn
// for (the server says which, in a header), only that account's pages are shown, and a page
// naming another account (a login, a logout) makes the worker forget the others.
// The table page sends the hands kept on the phone (js/outbox.js); where the browser has
// Background Sync, this worker sends them too while the page is closed.
const CACHE = "{{ cache }}";
const PAGES = "scorekeeper-pages";
const ACCOUNT = "/sw-account"; // where the account the pages are kept for is written down
const KEPT = {{ kept|safe }};
const OFFLINE = {{ offline|safe }};
const STATIC = {{ static|safe }};
const TABLE = new RegExp("^/games/[0-9]+/$");
const HEADER = "X-Scorekeeper-Account";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

// The pages a worker of an earlier release kept (in its own cache, before pages had theirs)
// are taken over, every kept page is fetched again (its scripts are this release's), and the
// earlier release's files are dropped.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE && name !== PAGES).map(takeOver)))
      .then(refreshPages)
      .then(() => self.clients.claim()),
  );
});

function takeOver(name) {
  return caches.open(name).then((old) =>
    old
      .keys()
      .then((requests) =>
        caches.open(PAGES).then((pages) =>
          Promise.all(
            requests
              .filter((request) => TABLE.test(new URL(request.url).pathname))
              .map((request) => old.match(request).then((response) => response && pages.put(request, response))),
          ),
        ),
      )
      .then(() => caches.delete(name)),
  );
}

function refreshPages() {
  return caches.open(PAGES).then((pages) =>
    pages.keys().then((requests) =>
      Promise.all(
        requests
          .filter((request) => TABLE.test(new URL(request.url).pathname))
          .map((request) => refresh(new Request(request.url), pages).catch(() => null)),
      ),
    ),
  );
}

// A page asks for itself and its files to be kept (the first time it is shown, the worker
// was not there yet to see them go by), and says whose page it is: ``account`` (an id, or ""
// when no one is logged in). The pages kept for another account are forgotten, so that the
// next person to pick up the phone does not open them without the network.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if ("account" in data) event.waitUntil(settleAccount(String(data.account)));
  if (data.forget) event.waitUntil(forgetPages(null));
  const urls = data.keep || [];
  event.waitUntil(
    Promise.all([caches.open(CACHE), caches.open(PAGES)]).then(([cache, pages]) =>
      Promise.all(
        urls.map((url) => {
          const path = new URL(url, self.location.origin);
          if (path.origin !== self.location.origin) return null;
          if (TABLE.test(path.pathname)) return refresh(new Request(path.href), pages).catch(() => null);
          return cache.add(path.href).catch(() => null);
        }),
      ),
    ),
  );
});

function currentAccount() {
  return caches
    .open(PAGES)
    .then((pages) => pages.match(ACCOUNT))
    .then((response) => (response ? response.text() : null));
}

function settleAccount(account) {
  return currentAccount().then((known) => {
    if (known === account) return null;
    return forgetPages(account).then(() =>
      caches.open(PAGES).then((pages) => pages.put(ACCOUNT, new Response(account))),
    );
  });
}

// Forget the pages kept for any account but ``account`` (all of them with ``null``).
function forgetPages(account) {
  return caches.open(PAGES).then((pages) =>
    pages.keys().then((requests) =>
      Promise.all(
        requests.map((request) =>
          pages.match(request).then((response) => {
            const path = new URL(request.url).pathname;
            if (path === ACCOUNT) return account === null ? pages.delete(request) : null;
            if (account !== null && response && response.headers.get(HEADER) === account) return null;
            return pages.delete(request);
          }),
        ),
      ),
    ),
  );
}

// A table page from the network, kept under its address without the query.
function refresh(request, pages) {
  const url = new URL(request.url);
  return fetch(request).then((response) => {
    // A table opened back from the calculator carries a hand in its address: not kept.
    if (response.ok && !url.search) pages.put(url.origin + url.pathname, response.clone());
    return response;
  });
}

// A kept page, if it was drawn for the account the phone is at now.
function keptPage(url) {
  return caches.open(PAGES).then((pages) =>
    Promise.all([pages.match(url.origin + url.pathname, { ignoreVary: true }), currentAccount()]).then(
      ([page, account]) => {
        if (!page || account === null) return page;
        return (page.headers.get(HEADER) || "") === account ? page : undefined;
      },
    ),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (TABLE.test(url.pathname) && !request.headers.get("HX-Request")) {
    event.respondWith(
      caches.open(PAGES).then((pages) =>
        refresh(request, pages).catch(() => keptPage(url).then((kept) => kept || offline(request))),
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

// Background Sync: the hands the table pages kept (js/outbox.js, in IndexedDB) are sent in
// the order they were entered, as the page sends them; a hand refused stays, marked, for
// the page to show; without an answer the browser tries again later.
self.addEventListener("sync", (event) => {
  if (event.tag === "outbox") event.waitUntil(sendWaiting());
});

function request(action) {
  return new Promise((resolve, reject) => {
    action.onsuccess = () => resolve(action.result);
    action.onerror = () => reject(action.error);
  });
}

function openOutbox() {
  return new Promise((resolve) => {
    const opening = indexedDB.open("scorekeeper-outbox");
    opening.onupgradeneeded = () => opening.transaction.abort(); // none yet: nothing waits
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });
}

async function csrfToken(entry) {
  try {
    const cookie = self.cookieStore && (await self.cookieStore.get("csrftoken"));
    if (cookie) return cookie.value;
  } catch {
    // no cookie store here: the token the page had when the hand was entered
  }
  return entry.token || "";
}

async function sendWaiting() {
  const db = await openOutbox();
  if (!db) return;
  if (!db.objectStoreNames.contains("hands")) {
    db.close();
    return;
  }
  const store = (mode) => db.transaction("hands", mode).objectStore("hands");
  const entries = (await request(store("readonly").getAll())).filter((e) => !e.refused).sort((a, b) => a.at - b.at);
  const stopped = new Set();
  try {
    for (const entry of entries) {
      if (stopped.has(entry.game)) continue;
      const response = await fetch(entry.game, {
        method: "POST",
        body: new URLSearchParams([...entry.fields, ["waited", "1"]]),
        headers: { "X-CSRFToken": await csrfToken(entry), "Idempotency-Key": entry.key },
        credentials: "same-origin",
        redirect: "manual",
      });
      if (response.type === "opaqueredirect" || response.ok) {
        await request(store("readwrite").delete(entry.key));
      } else if ([400, 410, 422].includes(response.status)) {
        const type = response.headers.get("Content-Type") || "";
        const reason = type.startsWith("text/plain") ? (await response.text()).trim().slice(0, 500) : "";
        await request(store("readwrite").put({ ...entry, refused: true, reason }));
      } else {
        stopped.add(entry.game); // the rest of that game's hands wait behind this one
      }
    }
  } finally {
    db.close();
  }
  if (stopped.size) throw new Error("hands still wait"); // the browser tries again later
}
