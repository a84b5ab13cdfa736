// MixUA Playground's service worker (issue 12, "in the room"): after one
// visit the playground opens and works with the network gone.
//
// Trunk names every built file by its content's hash, and index.html names
// the files of its own build. So the cache holds ONE build: the index and
// exactly the files it names. The index is always asked of the network
// first (a new build is picked up at once when online); the hashed files
// are served from the cache first (a name never changes its content). A
// fresh index is stored only once every file it names is cached, then the
// files of older builds are deleted: the cache never holds an index whose
// files are missing, nor serves one build's index with another's files.
// Offline, the cached index opens with its own files.
//
// It is copied into dist/ as it is (Trunk's copy-file) and registered by
// index.html; it never touches the learner's work (localStorage).

// A new version of this file starts a new cache; the old one is deleted
// when it activates.
const CACHE = 'mixua-build-files-v1';
const SCOPE = new URL('./', self.registration.scope);
const INDEX = SCOPE.href;

/** The app's index page (its address in this scope), whatever the query. */
function isIndex(url) {
  return url.origin === SCOPE.origin && (url.pathname === SCOPE.pathname || url.pathname === `${SCOPE.pathname}index.html`);
}

/** The built files an index names (`./name-<hash>.ext`), as absolute URLs. */
function filesOf(html) {
  const found = new Set();
  const named = /["'](\.\/[A-Za-z0-9_.\-/]+\.(?:js|wasm|css|svg|png|ico|woff2|json))["']/g;
  for (let m = named.exec(html); m !== null; m = named.exec(html)) found.add(new URL(m[1], INDEX).href);
  return [...found];
}

/**
 * Keeps the build of this index response: caches the files it names (those
 * not cached yet), then the index itself, then deletes everything else. If
 * any file can't be fetched, the cache keeps the previous build whole.
 */
async function keep(response) {
  const html = await response.clone().text();
  const cache = await caches.open(CACHE);
  const files = filesOf(html);
  for (const url of files) {
    if (await cache.match(url)) continue;
    const file = await fetch(url);
    if (!file.ok) return;
    await cache.put(url, file);
  }
  await cache.put(INDEX, response);
  const wanted = new Set([INDEX, ...files]);
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(INDEX, { cache: 'no-cache' })
      .then((response) => (response.ok && !response.redirected ? keep(response) : undefined))
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
    if (!isIndex(url)) return;
    // The index: the network's first (and the build it names is kept),
    // else the cached one.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && !response.redirected) event.waitUntil(keep(response.clone()).catch(() => undefined));
          return response;
        })
        .catch(() => caches.match(INDEX).then((cached) => cached ?? Response.error())),
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
