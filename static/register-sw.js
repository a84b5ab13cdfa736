// The service worker (static/sw.js), registered by the students' pages
// (index.html, lesson3.html: Trunk inlines this file into each).
if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
  // Registered once the app is ready (its start's last step marks
  // `#app [data-ready]`), not at the page's load: its install fetches
  // every page's files, which on a 2-core phone slowed the start's own
  // tasks. At the latest 10 s after the load (a start that can't get
  // ready, offline, still gets it).
  addEventListener("load", function () {
    var done = false;
    var register = function () {
      if (done) return;
      done = true;
      navigator.serviceWorker.register("sw.js").catch(function () {});
    };
    setTimeout(register, 10000);
    var app = document.getElementById("app");
    if (!app || app.querySelector("[data-ready]")) return register();
    new MutationObserver(function (_, observer) {
      if (app.querySelector("[data-ready]")) {
        observer.disconnect();
        register();
      }
    }).observe(app, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
  });
}
