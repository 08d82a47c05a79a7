// The hint and review screens' small script: while a search runs, ask the
// server how it is getting on, say so, and show the answer when it is ready.
// Without it the page refreshes itself (a <noscript> refresh) to the same effect.
(function () {
  "use strict";
  var box = document.querySelector("[data-poll]");
  if (!box) return;
  var kind = box.getAttribute("data-poll");
  var game = box.getAttribute("data-game");
  var line = box.querySelector(".progress");
  var url = "/advice/status?kind=" + encodeURIComponent(kind) + "&game=" + encodeURIComponent(game);
  function poll() {
    fetch(url, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return;
        if (data.state === "waiting" || data.state === "running") {
          if (kind === "review" && data.total) {
            line.textContent = "Reviewing decision " + Math.min(data.done + 1, data.total) +
              " of " + data.total + "…";
          } else if (kind === "hint") {
            line.textContent = "Searching: playing each choice on to the end of the game " +
              "many times (" + data.seconds + " s so far).";
          }
          return;
        }
        clearInterval(timer);
        location.reload();
      })
      .catch(function () {});
  }
  var timer = setInterval(poll, 700);
})();
