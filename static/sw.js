// MixUA Playground's service worker (issue 12, "in the room"): after one
// visit the playground opens and works with the network gone.
//
// Trunk names every built file by its content's hash, and each page of the
// site (index.html, lesson3.html, teach.html: scripts/pages.sh) names the
// files of its own build. So the cache holds ONE build: the pages and
// exactly the files they name. A page is always asked of the network first
// (a new build is picked up at once when online); the hashed files are
// served from the cache first (a name never changes its content). Fresh
// pages are stored only once every file they name is cached, then the files
// of older builds are deleted: the cache never holds a page whose files are
// missing, nor serves one build's page with another's files. Offline, the
// cached page opens with its own files.
//
// It is copied into dist/ as it is (Trunk's copy-file) and registered by
// every page; it never touches the learner's work (localStorage).

// A new version of this file starts a new cache; the old one is deleted
// when it activates.
const CACHE = 'mixua-build-files-v2';
const SCOPE = new URL('./', self.registration.scope);
const INDEX = SCOPE.href;
// The site's pages (issue 28, scripts/pages.sh): each names its own build's
// files. All of them are kept together, so that every part of the
// playground (lesson 3, the teacher's tools) opens offline after one visit
// to any page, and one build's pages never mix with another's files.
const PAGES = [INDEX, new URL('lesson3.html', SCOPE).href, new URL('teach.html', SCOPE).href];

/** The page a URL in this scope opens (its cache key), whatever the query; else null. */
function pageOf(url) {
  if (url.origin !== SCOPE.origin) return null;
  if (url.pathname === SCOPE.pathname || url.pathname === `${SCOPE.pathname}index.html`) return INDEX;
  const page = new URL(url.pathname, SCOPE).href;
  return PAGES.includes(page) ? page : null;
}

/** The built files a page names (`./name-<hash>.ext`), as absolute URLs. */
function filesOf(html) {
  const found = new Set();
  const named = /["'](\.\/[A-Za-z0-9_.\-/]+\.(?:js|wasm|css|svg|png|ico|woff2|json))["']/g;
  for (let m = named.exec(html); m !== null; m = named.exec(html)) found.add(new URL(m[1], INDEX).href);
  return [...found];
}

/**
 * Keeps one build whole: fetches every page afresh (the one just fetched is
 * `fresh`, for its own URL), caches the files they name (those not cached
 * yet), then the pages, then deletes everything else. If any page or file
 * can't be fetched, or the pages name different builds' loaders in a way
 * that can't be completed, the cache keeps the previous build whole.
 */
async function keep(fresh = null) {
  const cache = await caches.open(CACHE);
  const pages = new Map();
  for (const page of PAGES) {
    const response = fresh && fresh.page === page ? fresh.response : await fetch(page, { cache: 'no-cache' });
    if (!response.ok || response.redirected) return;
    pages.set(page, response);
  }
  const files = new Set();
  for (const response of pages.values()) {
    for (const url of filesOf(await response.clone().text())) files.add(url);
  }
  for (const url of files) {
    if (await cache.match(url)) continue;
    const file = await fetch(url);
    if (!file.ok) return;
    await cache.put(url, file);
  }
  for (const [page, response] of pages) await cache.put(page, response);
  const wanted = new Set([...PAGES, ...files]);
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    keep()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('mixua-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || url.href === self.location.href) return;
  if (request.mode === 'navigate') {
    const page = pageOf(url);
    if (page === null) return;
    // A page: the network's first (and the build it names is kept, with
    // the other pages), else the cached one.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && !response.redirected) event.waitUntil(keep({ page, response: response.clone() }).catch(() => undefined));
          return response;
        })
        .catch(() => caches.match(page).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  // A built file: the cache's first, else the network's (kept for next time;
  // the next fresh index deletes it if that build doesn't name it).
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ??
        fetch(request).then((response) => {
          if (response.ok && response.type === 'basic') {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)).catch(() => undefined));
          }
          return response;
        }),
    ),
  );
});
